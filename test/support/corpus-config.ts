/** The agent configuration every corpus call runs with (docs/agent.md, "The call corpus"). */
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from '../../src/modules/agent/agent-config.js';

/** The desk line hand-overs go to in the corpus configuration. */
export const DESK_NUMBER = '+441614960000';

/**
 * The corpus configuration: the default questions and hours, a buy box across the North West,
 * Yorkshire and the Midlands up to £300,000, and hand-overs on request and for hot enquiries.
 */
export function corpusConfig(): AgentConfig {
  const config = structuredClone(DEFAULT_AGENT_CONFIG);
  config.business_name = 'Northern Homebuyers';
  config.buy_box.postcode_areas = ['M', 'SK', 'OL', 'BL', 'WA', 'WN', 'L', 'LS', 'S', 'B', 'NG', 'CF'];
  config.buy_box.max_price = 300_000;
  config.transfer = { number: DESK_NUMBER, on_request: true, when_hot: true };
  return config;
}
