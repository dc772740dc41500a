/**
 * The agent's words by message id (docs/agent.md, "Wording"). The engine speaks British English
 * today, so `phrase` words every message from the en-GB catalogue; a second language adds its
 * catalogue to CATALOGUES and a reader of its speech (src/dialog/extractors), and the turn then
 * chooses the catalogue by the configuration's `language`.
 */
import { type Catalogue, type MessageId, type ParamsOf, type Rendered, render } from './catalogue.js';
import { EN_GB } from './en-GB.js';

export type {
  Catalogue,
  CriterionName,
  MessageId,
  Messages,
  MoneyNoteKind,
  NotSellerKind,
  OfferKind,
  ParamsOf,
  QuestionWording,
  Rendered,
} from './catalogue.js';
export { render } from './catalogue.js';
export { EN_GB } from './en-GB.js';

export const CATALOGUES: Readonly<Record<string, Catalogue>> = { 'en-GB': EN_GB };

/** A message of the agent's, in British English: `phrase('offer.how_about', { times })`. */
export function phrase<K extends MessageId>(id: K, ...params: ParamsOf<K>): Rendered<K> {
  return render(EN_GB, id, ...params);
}
