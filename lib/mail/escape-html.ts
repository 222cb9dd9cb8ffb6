/** Text as it may stand in HTML (a mail's body, a page we write by hand): & < > " ' as character references. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
