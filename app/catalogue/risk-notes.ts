/**
 * The gambling message every betting offer and listing carries, in the visitors' JavaScript. The other warnings are
 * in risk-warnings.ts and reach pages as loader data: a listing's JavaScript does not carry them.
 */

/** The legally required gambling message (ANJ), whole. */
export const BETTING_MESSAGE =
  "Les jeux d'argent et de hasard peuvent être dangereux : pertes d'argent, conflits familiaux, addiction... Retrouvez nos conseils sur joueurs-info-service.fr (09 74 75 13 13 - appel non surtaxé)";
