import { z } from 'zod';
import { phrase } from '../catalogue/index.js';

/**
 * The agent configuration's `texts` section (docs/agent.md, docs/notifications.md "Texts to
 * sellers"): whether the seller is texted about their bookings, when reminders go, and the
 * wording of each text. Pure: the planner in src/notifications/seller-texts/ renders these.
 */

export const SELLER_TEXTS = [
  'booking_confirmed',
  'booking_moved',
  'booking_cancelled',
  'booking_reminder',
  'cancel_confirmed',
] as const;
export type SellerText = (typeof SELLER_TEXTS)[number];

export interface TextValues {
  business: string;
  name: string;
  kind: string;
  address: string;
  day: string;
  time: string;
}

/**
 * The longest each variable can render: values are cut to these when rendered, so a template
 * that fits at these lengths always fits. A text is at most TEXT_MAX characters (two SMS
 * segments of plain characters, about).
 */
export const TEXT_VARIABLE_MAX: Record<keyof TextValues, number> = {
  business: 100,
  name: 40,
  kind: 9,
  address: 80,
  day: 10,
  time: 5,
};
export const TEXT_VARIABLES = Object.keys(TEXT_VARIABLE_MAX) as (keyof TextValues)[];
export const TEXT_MAX = 320;

/** {address} when the deal has no address: reads well in "your viewing at {address}". */
export const UNKNOWN_ADDRESS = 'the property';
/** {name} when the lead has none that can be used. */
export const UNKNOWN_NAME = 'there';

const VARIABLE = /\{([^{}]*)\}/g;

function cut(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A template with its variables filled in, each cut to its longest (TEXT_VARIABLE_MAX). */
export function renderText(template: string, values: TextValues): string {
  return template.replace(VARIABLE, (whole, name: string) =>
    name in TEXT_VARIABLE_MAX
      ? cut(values[name as keyof TextValues], TEXT_VARIABLE_MAX[name as keyof TextValues])
      : whole,
  );
}

/** The template rendered with every variable at its longest. */
function worstLength(template: string): number {
  return template.replace(VARIABLE, (whole, name: string) =>
    name in TEXT_VARIABLE_MAX ? 'x'.repeat(TEXT_VARIABLE_MAX[name as keyof TextValues]) : whole,
  ).length;
}

const Template = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(TEXT_MAX)
  .superRefine((template, ctx) => {
    for (const [, name] of template.matchAll(VARIABLE)) {
      if (!(name !== undefined && name in TEXT_VARIABLE_MAX)) {
        ctx.addIssue({
          code: 'custom',
          message: `{${String(name).slice(0, 30)}} is not a variable; use ${TEXT_VARIABLES.map((v) => `{${v}}`).join(' ')}`,
        });
        return;
      }
    }
    const worst = worstLength(template);
    if (worst > TEXT_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `can be ${worst} characters once filled in (each variable at its longest); at most ${TEXT_MAX}`,
      });
    }
  });

export const DEFAULT_TEXTS = {
  enabled: false,
  reminders_minutes: [1440, 60],
  wording: {
    booking_confirmed: phrase('text.booking_confirmed'),
    booking_moved: phrase('text.booking_moved'),
    booking_cancelled: phrase('text.booking_cancelled'),
    booking_reminder: phrase('text.booking_reminder'),
    cancel_confirmed: phrase('text.cancel_confirmed'),
  },
  spoken_promise: phrase('line.text_promise'),
} as const;

export const TextsConfig = z
  .strictObject({
    enabled: z
      .boolean()
      .describe(
        'Text the seller about their bookings. Needs a Twilio number registered with its account SID; texts cost money, so it starts off.',
      ),
    reminders_minutes: z
      .array(z.number().int().min(15).max(10_080))
      .max(3)
      .refine((m) => new Set(m).size === m.length, { message: 'each reminder may appear once' })
      .describe('Reminders before a viewing, in minutes before it starts (callbacks get none).'),
    wording: z
      .strictObject(
        Object.fromEntries(SELLER_TEXTS.map((s) => [s, Template])) as Record<SellerText, typeof Template>,
      )
      .describe(
        'One template per text. Variables: {business} {name} {kind} {address} {day} {time}; {address} is "the property" when the deal has none.',
      ),
    spoken_promise: z
      .string()
      .trim()
      .min(1, { message: 'must not be empty' })
      .max(200)
      .describe('What the agent adds to its booking confirmation when a text will follow.'),
  })
  .default({
    ...DEFAULT_TEXTS,
    reminders_minutes: [...DEFAULT_TEXTS.reminders_minutes],
    wording: { ...DEFAULT_TEXTS.wording },
  });
export type TextsConfig = z.infer<typeof TextsConfig>;

/** The configuration's texts; a configuration published before they existed has them off. */
export function textsOf(config: { texts?: TextsConfig | undefined }): TextsConfig {
  return config.texts ?? (TextsConfig.parse(undefined) as TextsConfig);
}
