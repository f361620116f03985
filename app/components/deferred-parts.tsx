/** The parts of a page shown only in some states, whose code the browser loads in one file when one first shows. */
export { BrandSections, InfoCard } from "./brand-sections";
export { CloseNames, NoResults } from "./no-results";
export { ErrorPage } from "./error-page";
export { NotFound } from "./not-found";
export { OfferHistory } from "./offer-history";
export { OffersUnavailable } from "./offers-unavailable";
export { Pagination } from "./pagination";
export { ShareOffer } from "./share-offer";
export { Toast, ToastView } from "./toast-view";
