import { mailPartial } from './mail-templates';

/**
 * The comments of a change, as bug mail and flag mail both show them (Bugzilla's
 * newchangedmail.txt and flagmail.txt share the block): `@comments` in each part.
 * Imported by the templates that include it, so it is loaded before any of them renders.
 */
mailPartial(
  'text',
  'comments',
  `<% for (const comment of it.comments) { -%>

--- <%= comment.heading %> from <%= comment.author %> (<%= comment.at %>) ---
<%= comment.text %>
<% if (comment.hours) { -%>
Hours worked: <%= comment.hours %>
<% } -%>
<% } -%>
`,
);

mailPartial(
  'html',
  'comments',
  `<% for (const comment of it.comments) { -%>
<div class="comment">
<p><b><%= comment.heading %></b> from <%= comment.author %> (<%= comment.at %>)</p>
<pre><%= comment.text %></pre>
<% if (comment.hours) { -%>
<p>Hours worked: <%= comment.hours %></p>
<% } -%>
</div>
<% } -%>
`,
);
