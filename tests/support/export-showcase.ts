/**
 * Markdown that uses everything the exports render: a checklist, lists nested three deep,
 * a table with long and CJK cells, code, mixed scripts on one line, emoji, links and a quote.
 */
export const showcaseMarkdown = `## Launch-week checklist

- [x] Write the announcement email
- [ ] Schedule the LinkedIn post for Tuesday 09:00
- [ ] Reply to every Product Hunt comment within the hour

## Channels, by priority

1. Communities where freelancers already talk
   - Reddit: r/freelance and r/webdev
     - Answer questions first; share the tool only when asked
   - Slack groups for designers
2. Owned channels
   - The newsletter (weekly, Thursday)

## Numbers to watch

| Metric | Target | Why it matters |
| --- | --- | --- |
| Sign-ups | 200 in week one | A launch that reaches the right freelancers shows here first, before anything else moves; if it stays flat, the message or the channel is wrong. |
| Activation 激活率 | 40% | 连接银行账户并完成第一次对账的用户比例 |
| Retention | 25% after 4 weeks | Tidybooks 整理簿 only works if it becomes a habit 📚 |

## Tracking link

Tag every link with \`?utm_source=launch\` so [the dashboard](https://example.com/dashboard) can tell channels apart:

\`\`\`
https://tidybooks.example/?utm_source=launch&utm_medium=post
  # 中文注释: one code per channel
\`\`\`

> Built by a freelancer for freelancers. 我是自由职业者。

Mixed scripts on one line: Tidybooks 整理簿 keeps books tidy, Ελληνικά and русский too 🚀.
`;
