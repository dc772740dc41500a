/**
 * Types shared by several extractors. A `low` confidence tells the dialog engine to read the
 * value back to the caller ("was that M14 5AB?") instead of taking it as heard.
 */
export type Confidence = 'high' | 'low';
