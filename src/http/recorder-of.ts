import type { AppDeps } from '../deps.js';
import type { Recorder } from '../telephony/recordings/recorder.js';

/**
 * The app's recorder (buildApp always sets it; a route built without it is a wiring fault). Here
 * rather than in src/deps.ts, which stays a leaf of types that every layer may name
 * (docs/architecture.md, "Layers").
 */
export function recorderOf(deps: AppDeps): Recorder {
  if (!deps.recordings) throw new Error('the app was built without its recorder');
  return deps.recordings;
}
