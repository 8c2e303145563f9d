import type { FlagMailView } from './flag-mail.view';
import { mailTemplate } from './mail-templates';

/** Bugzilla's flagmail.txt: what happened to each flag, then the comments of the same change. */
export const flagMailTextTemplate = mailTemplate<FlagMailView>(
  'text',
  `<%= it.heading %>

<%= it.lines.join('\\n') %>
<% for (const comment of it.comments) { -%>

--- <%= comment.heading %> from <%= comment.author %> (<%= comment.at %>) ---
<%= comment.text %>
<% if (comment.hours) { -%>
Hours worked: <%= comment.hours %>
<% } -%>
<% } -%>
`,
);

export const flagMailHtmlTemplate = mailTemplate<FlagMailView>(
  'html',
  `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"></head>
<body>
<p><%= it.heading %></p>
<% for (const line of it.lines) { -%>
<p><%= line %></p>
<% } -%>
<% for (const comment of it.comments) { -%>
<div class="comment">
<p><b><%= comment.heading %></b> from <%= comment.author %> (<%= comment.at %>)</p>
<pre><%= comment.text %></pre>
<% if (comment.hours) { -%>
<p>Hours worked: <%= comment.hours %></p>
<% } -%>
</div>
<% } -%>
</body>
</html>
`,
);
