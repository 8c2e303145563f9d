import type { BugMailView } from './bug-mail.view';
import './comments.templates';
import { mailTemplate } from './mail-templates';

/** Bugzilla's newchangedmail.txt: the heading, the diff table, the comments, why you get it. */
export const bugMailTextTemplate = mailTemplate<BugMailView>(
  'text',
  `<%= it.heading.join('\\n\\n') %>
<% if (it.rows.length > 0) { -%>

<%= it.changer %> changed:

<%= it.table %>
<% } -%>
<%~ include('@comments', it) -%>

--
You are receiving this mail because:
<% for (const reason of it.reasons) { -%>
* <%= reason %>
<% } -%>
`,
);

/** The same mail as HTML; every value is escaped by the engine, comments keep their line breaks in <pre>. */
export const bugMailHtmlTemplate = mailTemplate<BugMailView>(
  'html',
  `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"></head>
<body>
<% for (const paragraph of it.heading) { -%>
<p><%= paragraph %></p>
<% } -%>
<% if (it.rows.length > 0) { -%>
<p><%= it.changer %> changed:</p>
<table border="1" cellspacing="0" cellpadding="4">
<tr><th>What</th><th>Removed</th><th>Added</th></tr>
<% for (const row of it.rows) { -%>
<tr><td><%= row.label %></td><td><%= row.removed %></td><td><%= row.added %></td></tr>
<% } -%>
</table>
<% } -%>
<%~ include('@comments', it) -%>
<hr>
<p>You are receiving this mail because:</p>
<ul>
<% for (const reason of it.reasons) { -%>
<li><%= reason %></li>
<% } -%>
</ul>
</body>
</html>
`,
);
