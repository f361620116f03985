import { renderToStaticMarkup } from "react-dom/server";
import { AlertForm } from "~/components/alert-form";
import type { AlertFormView } from "~/catalogue/alert-topics";

/**
 * The "Me prévenir" form of a brand page or a category's listing as HTML: a native form, the same with or without
 * JavaScript, so those pages send it as data (`ServerMarkup`) rather than its code in their first-load JavaScript.
 */
export const alertFormHtml = (view: AlertFormView): string => renderToStaticMarkup(<AlertForm view={view} />);
