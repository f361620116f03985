/// <reference types="@remix-run/dev" />

import "@remix-run/node";
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    /** The visitor's address as the server sees it (server.js). */
    clientAddress?: string;
  }
}
