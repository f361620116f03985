/** The brand page's deferred forms for the server's render, which shows them at once; empty in the browser's build. */
export * from "./form-parts";
