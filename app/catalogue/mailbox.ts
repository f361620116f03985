/**
 * The mailbox an address reaches, as providers fold its spellings: case everywhere, a `+tag` after the local part
 * for every domain, and the dots of the local part at Gmail (gmail.com and googlemail.com are one). Caps that keep a
 * stranger's mailbox from being bombed count per mailbox; the address itself is kept and written to as typed.
 */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const folded = DOTLESS_DOMAINS.get(domain);
  if (folded) {
    domain = folded;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
