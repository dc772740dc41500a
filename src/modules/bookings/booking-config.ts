import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { findLatestPublishedConfig } from '../agent/agent.repo.js';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';

/** The parts of the agent configuration the calendar needs. */
export type BookingSettings = Pick<AgentConfig, 'hours' | 'booking'>;

const Settings = z.object({ hours: AgentConfig.shape.hours, booking: AgentConfig.shape.booking });

/**
 * The hours and booking rules of the workspace's latest published configuration, or the default
 * before the first publish. Only those two parts are parsed: a stored configuration whose other
 * parts no longer parse still books, and one whose hours do not falls back to the default
 * (fail-open): offering default office hours beats refusing to book at all.
 */
export async function loadBookingSettings(db: Queryable, workspaceId: string): Promise<BookingSettings> {
  const config = await findLatestPublishedConfig(db, workspaceId);
  const parsed = config === null ? null : Settings.safeParse(config);
  if (parsed?.success) return parsed.data;
  return { hours: DEFAULT_AGENT_CONFIG.hours, booking: DEFAULT_AGENT_CONFIG.booking };
}

export function bookingMinutes(settings: BookingSettings, kind: 'callback' | 'viewing'): number {
  return kind === 'callback' ? settings.booking.callback_minutes : settings.booking.viewing_minutes;
}
