/**
 * Customer text (an organization's free-text name, a project's domain) as it may appear in a mail without any mail
 * client turning it into a link: a dot before a letter or digit becomes "[.]" (the ideographic and full-width dots
 * that domain names accept too), "://" becomes "[:]//" and "@" before a letter "[at]". Escaping alone is not enough
 * (clients link "example.com" in text), nor are zero-width characters, which some clients drop before linking.
 */
export function unlinkable(text: string): string {
  return text
    .replace(/[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, "[.]")
    .replace(/:\/\//g, "[:]//")
    .replace(/@(?=[\p{L}\p{N}])/gu, "[at]");
}
