/** Every corpus call, by class (docs/agent.md, "The call corpus"). */
import { SELLERS } from './sellers.js';
import type { CorpusCall } from './types.js';

export const CORPUS: readonly CorpusCall[] = [...SELLERS];
