import { Agent, setGlobalDispatcher } from "undici";

/**
 * Every `fetch` of the integration tests opens a connection of its own. A kept-alive connection is closed by the
 * site after 5 idle seconds; on a busy machine the test's own timer that would have dropped it first can run late,
 * and a request then goes out on a connection the site is closing ("other side closed"). Tests that are about
 * kept-alive connections use node:http agents of their own.
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));
