/** Where the site says how votes are taken, weighed and restarted (Code de la consommation, L111-7-2). */
export const HOW_VOTES_WORK = {
  path: "/comment-sont-recueillis-les-avis",
  label: "Comment sont recueillis les avis",
  /** The id of the one hidden text, on every page, that describes where each rate's link leads. */
  descriptionId: "comment-avis",
};
