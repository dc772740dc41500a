/**
 * The agent configuration's schema and default live with the dialog engine that reads them
 * (src/dialog/config), so the engine depends on no feature folder; this module is where the
 * agent feature and the rest of the service take them from.
 */
export * from '../../dialog/config/agent-config.js';
