import type { FlagMailView } from './flag-mail.view';
import './comments.templates';
import { mailTemplate } from './mail-templates';

/** Bugzilla's flagmail.txt: what happened to each flag, then the comments of the same change. */
export const flagMailTextTemplate = mailTemplate<FlagMailView>(
  'text',
  `<%= it.heading %>

<%= it.lines.join('\\n') %>
<%~ include('@comments', it) -%>
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
<%~ include('@comments', it) -%>
</body>
</html>
`,
);
