import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';

/** The parts of the agent configuration the calendar needs. */
export type BookingSettings = Pick<AgentConfig, 'hours' | 'booking'>;

const Settings = z.object({ hours: AgentConfig.shape.hours, booking: AgentConfig.shape.booking });

/**
 * The hours and booking rules of the workspace's latest published configuration, or the default
 * before the first publish. Read here with one query rather than through the agent module, so the
 * calendar depends only on the table. A stored configuration that no longer parses falls back to
 * the default (fail-open): offering default office hours beats refusing to book at all.
 */
export async function loadBookingSettings(db: Queryable, workspaceId: string): Promise<BookingSettings> {
  const rows = await db.query<{ config: unknown }>(
    'SELECT config FROM agent_versions WHERE workspace_id = $1 ORDER BY version DESC LIMIT 1',
    [workspaceId],
  );
  const parsed = rows[0] ? Settings.safeParse(rows[0].config) : null;
  if (parsed?.success) return parsed.data;
  return { hours: DEFAULT_AGENT_CONFIG.hours, booking: DEFAULT_AGENT_CONFIG.booking };
}

export function slotMinutes(settings: BookingSettings, kind: 'callback' | 'viewing'): number {
  return kind === 'callback' ? settings.booking.callback_minutes : settings.booking.viewing_minutes;
}
