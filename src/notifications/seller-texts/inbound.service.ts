import { DateTime } from 'luxon';
import type { Database } from '../../db/client.js';
import { capUtterance } from '../../dialog/engine/index.js';
import { newId } from '../../lib/ids.js';
import { updateBookingIn } from '../../modules/bookings/bookings.service.js';
import { lockNextBookingOfLead } from '../../modules/bookings/lead-bookings.repo.js';
import { findLeadByPhone } from '../../modules/leads/leads.service.js';
import { cancelPendingMessages } from '../../modules/messages/outbox.repo.js';
import { SELLER_TEXT_PURPOSES } from '../../modules/messages/purposes.js';
import { findWorkspace } from '../../modules/workspaces/workspaces.repo.js';
import { queueDeskAlert } from '../alerts/queue-alert.js';
import { insertInboundText } from './inbound.repo.js';
import { deleteOptOut, insertOptOut } from './seller-texts.repo.js';

/**
 * Twilio's own opt-out keywords (it answers them itself and stops delivery; we record them so
 * nothing more is queued) and opt-in keywords (docs/notifications.md, Replies and keywords).
 */
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP']);

export type Keyword = 'opt_out' | 'opt_in' | 'cancel_booking' | null;

/** What a text asks for: a keyword alone (trimmed, any case, trailing punctuation ignored), or nothing. */
export function keywordOf(body: string): Keyword {
  const word = body
    .trim()
    .replace(/[\s.!?,;:'"]+$/u, '')
    .toUpperCase();
  if (OPT_OUT.has(word)) return 'opt_out';
  if (OPT_IN.has(word)) return 'opt_in';
  if (word === 'C') return 'cancel_booking';
  return null;
}

/**
 * A text as it is kept: control characters (NUL cannot be stored, and none belongs in a text)
 * dropped, and cut like a caller's turn (docs/agent.md, Long turns) with a mark where it was.
 */
export function cleanBody(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const text = raw.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  const capped = capUtterance(text);
  return capped.cut ? `${capped.text} …` : capped.text;
}

export interface ReceivedText {
  workspaceId: string;
  /** The workspace's number that was texted. */
  to: string;
  /** The seller's number, E.164 when it reads as one. */
  from: string;
  sid: string;
  body: string;
}

export type ReceivedOutcome =
  | { kept: false }
  | {
      kept: true;
      messageId: string;
      leadId: string | null;
      keyword: Keyword;
      cancelledBookingId: string | null;
    };

/**
 * A seller's text to the workspace, in one transaction: kept on the message log (once per
 * MessageSid), then acted on. STOP and its synonyms opt the number out, START opts it back in;
 * C cancels the seller's next booking through the bookings service (booking.cancelled fires, the
 * seller gets "cancel confirmed") and tells the desk; anything else is passed to the lead's
 * owner, or everyone when the number is on no lead.
 */
export async function receiveSellerText(
  db: Database,
  text: ReceivedText,
  at: Date,
): Promise<ReceivedOutcome> {
  return db.transaction(async (tx) => {
    const lead = await findLeadByPhone(tx, text.workspaceId, text.from);
    const messageId = newId('msg', at.getTime());
    const body = cleanBody(text.body);
    const kept = await insertInboundText(
      tx,
      {
        workspaceId: text.workspaceId,
        id: messageId,
        sid: text.sid,
        to: text.to,
        from: text.from,
        leadId: lead?.id ?? null,
        body,
      },
      at,
    );
    if (!kept) return { kept: false };
    const keyword = keywordOf(body);
    const done = {
      kept: true as const,
      messageId,
      leadId: lead?.id ?? null,
      keyword,
      cancelledBookingId: null,
    };
    if (keyword === 'opt_out') {
      await insertOptOut(tx, text.workspaceId, text.from, at);
      // What was already waiting would only be refused by the carrier (docs/notifications.md).
      if (lead) {
        await cancelPendingMessages(
          tx,
          text.workspaceId,
          { leadId: lead.id, purposes: SELLER_TEXT_PURPOSES },
          [],
          'The seller texted STOP.',
          at,
        );
      }
      return done;
    }
    if (keyword === 'opt_in') {
      await deleteOptOut(tx, text.workspaceId, text.from);
      return done;
    }
    const who = lead ? `${lead.name} (${text.from})` : text.from;
    const alert = {
      workspaceId: text.workspaceId,
      kind: 'seller_reply' as const,
      about: messageId,
      ownerId: lead?.owner_id ?? null,
      leadId: lead?.id ?? null,
      path: lead ? `/leads/${lead.id}` : '/leads',
    };
    if (keyword === 'cancel_booking' && lead) {
      const next = await lockNextBookingOfLead(tx, text.workspaceId, lead.id, at);
      if (next) {
        await updateBookingIn(tx, text.workspaceId, next.id, { status: 'cancelled' }, at, {
          cancelledBySeller: true,
        });
        const zone = (await findWorkspace(tx, text.workspaceId))?.time_zone ?? 'Europe/London';
        const when = DateTime.fromJSDate(next.starts_at, { zone })
          .setLocale('en-GB')
          .toFormat("ccc d LLL 'at' HH:mm");
        const what = next.kind === 'viewing' ? 'viewing' : 'call back';
        await queueDeskAlert(
          tx,
          {
            ...alert,
            bookingId: next.id,
            subject: `Seller cancelled: ${lead.name}`,
            text: `${who} cancelled their ${what} on ${when} by texting C.`,
          },
          at,
        );
        return { ...done, cancelledBookingId: next.id };
      }
    }
    await queueDeskAlert(
      tx,
      {
        ...alert,
        subject: `Text from ${lead ? lead.name : text.from}`,
        text: `${who} texted: "${body}"`,
      },
      at,
    );
    return done;
  });
}
