import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { MAX_GUIDE_LENGTH, markdownProblems, renderMarkdown } from "~/services/writing/markdown.server";
import { unsafeParts } from "../support/safe-html";

/**
 * Known ways to slip a script into a page through Markdown: raw HTML and its event handlers, SVG and MathML,
 * `javascript:` and `data:` addresses written with entities, case, whitespace and control characters, links nested
 * in links, autolinks, reference definitions, images.
 */
const XSS_CORPUS: readonly string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//xss.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<img src=x onerror=alert(1)//",
  '<svg onload="alert(1)">',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>*{background:url("javascript:alert(1)")}</style>',
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<input autofocus onfocus=alert(1)>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "<!--><script>alert(1)</script>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript&#58;alert(1))",
  "[x](&#x6A;avascript:alert(1))",
  "[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  "[x](java\tscript:alert(1))",
  "[x]( javascript:alert(1))",
  "[x](<javascript:alert(1)>)",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](DATA:text/html,<script>alert(1)</script>)",
  "<javascript:alert(1)>",
  "<data:text/html,<script>alert(1)</script>>",
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  '[x](https://exemple.fr "title" onmouseover=alert(1))',
  '[x](https://exemple.fr"onmouseover="alert(1))',
  "[[x](javascript:alert(1))](https://exemple.fr)",
  "[a [b](javascript:alert(1)) c](https://exemple.fr)",
  "![x](javascript:alert(1))",
  '![x](https://evil.example/a.png"onerror="alert(1))',
  "![x](//evil.example/a.png)",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "[![x](/a.png)](javascript:alert(1))",
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
  "| a |\n|---|\n| <img src=x onerror=alert(1)> |",
  "> <script>alert(1)</script>",
  "- <a href=javascript:alert(1)>x</a>",
  "## <img src=x onerror=alert(1)> titre",
  "[x](&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1))",
  "[x](\u0001javascript:alert(1))",
  "<details open ontoggle=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript&colon;alert(1))",
  "<javascript:alert(1)>",
  "[x][r]\n\n[r]: javascript:alert(1)",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html,<script>alert(1)</script>)",
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  "<form action=javascript:alert(1)><button>x</button></form>",
  "<object data=javascript:alert(1)></object>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "![x](https://evil.example/track.png)",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

/** Those Markdown reads as plain text (an unclosed tag, a link it cannot parse): shown as words, nothing to refuse. */
const READ_AS_TEXT = new Set([
  "<img src=x onerror=alert(1)//",
  "[x](java\tscript:alert(1))",
  '[x](https://exemple.fr "title" onmouseover=alert(1))',
  '[x](https://exemple.fr"onmouseover="alert(1))',
  "[x](\u0001javascript:alert(1))",
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
]);

describe("the owner's Markdown, made safe on the server", () => {
  it("holds a corpus of at least 40 known attacks", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(XSS_CORPUS)("shows nothing unsafe for %s", (payload) => {
    const { html } = renderMarkdown(`Avant.\n\n${payload}\n\nAprès.`);
    expect(unsafeParts(html)).toEqual([]);
    expect(html).toContain("Après.");
  });

  it.each(XSS_CORPUS.filter((payload) => !READ_AS_TEXT.has(payload)))(
    "refuses %s in the writing form, in French",
    (payload) => {
      const problems = markdownProblems(payload);
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toMatch(/^(Le HTML|Adresse refusée|Image refusée)/);
    },
  );

  it.each([...READ_AS_TEXT])("shows %s as words (an address in them as a plain https link)", (payload) => {
    const { html } = renderMarkdown(payload);
    expect(html.replace(/<a href="https:\/\/exemple\.fr[^"\s]*">/g, "")).not.toMatch(/<(?!\/?(p|code|pre|a)>)[a-z]/);
  });

  it("would let most of them through without its sanitizer: the checks above can fail", () => {
    const unsafe = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeStringify, { allowDangerousHtml: true });
    const slipping = XSS_CORPUS.filter((payload) => unsafeParts(String(unsafe.processSync(payload))).length > 0);
    expect(slipping.length).toBeGreaterThanOrEqual(XSS_CORPUS.length / 2);
  });
});

describe("what the owner may write", () => {
  it("shows headings from level 2 with stable, unique ids, for the table of contents", () => {
    const { html, headings } = renderMarkdown(
      "# Un\n\n## Les primes des banques\n\n### Détails\n\n## Détails\n\n##### Bas",
    );
    expect(headings).toEqual([
      { id: "un", level: 2, text: "Un" },
      { id: "les-primes-des-banques", level: 2, text: "Les primes des banques" },
      { id: "details", level: 3, text: "Détails" },
      { id: "details-2", level: 2, text: "Détails" },
      { id: "bas", level: 4, text: "Bas" },
    ]);
    expect(html).toContain('<h2 id="les-primes-des-banques">Les primes des banques</h2>');
    expect(html).not.toMatch(/<h1|<h5|<h6/);
    expect(renderMarkdown("## Les primes des banques").headings[0]?.id).toBe("les-primes-des-banques");
  });

  it("shows paragraphs, emphasis, lists, links, quotes, tables and code", () => {
    const { html } = renderMarkdown(
      [
        "Du *texte* en **gras** et ~~barré~~.",
        "- un\n- deux",
        "3. trois\n4. quatre",
        "[Une page](/offres/boursobank), [un site](https://exemple.fr), [un e-mail](mailto:a@exemple.fr)",
        "> Une citation",
        "| Banque | Prime |\n|:--|--:|\n| BoursoBank | 200 € |",
        "`code` et\n\n```\nbloc\n```",
        "![Logo](/icons/logo.png)",
      ].join("\n\n"),
    );
    for (const part of [
      "<em>texte</em>",
      "<strong>gras</strong>",
      "<del>barré</del>",
      "<ul>",
      '<ol start="3">',
      '<a href="/offres/boursobank">Une page</a>',
      '<a href="https://exemple.fr">un site</a>',
      '<a href="mailto:a@exemple.fr">un e-mail</a>',
      "<blockquote>",
      '<th align="left">Banque</th>',
      "<code>code</code>",
      "<pre><code>bloc\n</code></pre>",
      '<img src="/icons/logo.png" alt="Logo">',
    ]) {
      expect(html).toContain(part);
    }
    expect(unsafeParts(html)).toEqual([]);
  });

  it("sets French spacing in the text, never in code", () => {
    const { html } = renderMarkdown("Pourquoi ? Jusqu'à 200 € : « oui »\n\n`a ; b ?`");
    expect(html).toContain("Pourquoi\u202f? Jusqu'à 200\u00a0€\u00a0: «\u00a0oui\u00a0»");
    expect(html).toContain("<code>a ; b ?</code>");
  });

  it("shows an image from another site as its description only", () => {
    expect(renderMarkdown("![Le logo](https://exemple.fr/logo.png)").html).toBe("<p><span>Le logo</span></p>");
  });

  it("says in French, with its line, what it refuses", () => {
    expect(markdownProblems("## Bien\n\nTexte <b>gras</b>")).toEqual([
      "Le HTML n'est pas accepté (ligne 3)\u00a0: écrivez en Markdown.",
    ]);
    expect(markdownProblems("# Titre")).toEqual([
      "Titre de niveau 1 (ligne 1)\u00a0: le titre de la page est le seul\u00a0; commencez par ##.",
    ]);
    expect(markdownProblems("[x](ftp://exemple.fr)")[0]).toMatch(/^Adresse refusée \(ligne 1\)/);
    expect(markdownProblems("## Bien\n\n[Une page](/offres/wise) et https://exemple.fr")).toEqual([]);
  });

  it("refuses a text longer than the limit, saying both lengths", () => {
    expect(MAX_GUIDE_LENGTH).toBe(100_000);
    expect(markdownProblems("a".repeat(MAX_GUIDE_LENGTH))).toEqual([]);
    expect(markdownProblems("a".repeat(MAX_GUIDE_LENGTH + 1))).toEqual([
      "Le texte fait 100\u202f001 caractères, pour 100\u202f000 au plus\u00a0: raccourcissez-le.",
    ]);
    expect(markdownProblems("abcdef", 5)[0]).toMatch(/^Le texte fait 6 caractères, pour 5 au plus/);
  });
});
