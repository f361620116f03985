import { describe, expect, it } from "vitest";
import { mailboxOf } from "~/catalogue/mailbox";

describe("the mailbox an address reaches", () => {
  it("folds case and a +tag at every domain", () => {
    expect(mailboxOf(" Victime+a@Exemple.FR ")).toBe("victime@exemple.fr");
    expect(mailboxOf("victime+b+c@exemple.fr")).toBe("victime@exemple.fr");
    expect(mailboxOf("victime@exemple.fr")).toBe("victime@exemple.fr");
  });

  it("folds the dots of the local part at Gmail only, where googlemail.com is gmail.com", () => {
    expect(mailboxOf("v.ic.tim@gmail.com")).toBe("victim@gmail.com");
    expect(mailboxOf("V.ictim+promo@GoogleMail.com")).toBe("victim@gmail.com");
    expect(mailboxOf("v.ictim@exemple.fr")).toBe("v.ictim@exemple.fr");
  });

  it("keeps what it cannot read as an address as it is, lower-cased", () => {
    expect(mailboxOf("+tag@exemple.fr")).toBe("+tag@exemple.fr");
    expect(mailboxOf("Sans-Arobase")).toBe("sans-arobase");
  });
});
