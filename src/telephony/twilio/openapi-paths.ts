// Twilio's webhooks in the OpenAPI document. They take Twilio's form posts and answer TwiML, so
// they have no zod body schema on the route (the fields are read after the signature check);
// this describes them for integrators setting up a number.

const signature = {
  name: 'X-Twilio-Signature',
  in: 'header',
  required: true,
  description:
    "Twilio's HMAC-SHA1 of PUBLIC_URL + path and query plus the sorted form fields, keyed by the number's auth token.",
  schema: { type: 'string' },
};

const callFields = {
  CallSid: { type: 'string', description: "Twilio's id of the call, CA..." },
  AccountSid: { type: 'string', description: 'The Twilio account, AC...' },
  From: { type: 'string', description: "The caller's number (E.164)" },
  To: { type: 'string', description: 'The business number called, registered through /api/v1/phone-numbers' },
  CallStatus: {
    type: 'string',
    description: 'queued, ringing, in-progress, completed, busy, failed, no-answer, canceled',
  },
  Direction: { type: 'string', description: 'inbound' },
};

function twilioPost(
  summary: string,
  description: string,
  fields: Record<string, unknown>,
  required: string[],
) {
  return {
    post: {
      tags: ['Telephony (Twilio)'],
      summary,
      description,
      security: [],
      parameters: [signature],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { ...callFields, ...fields },
              required,
              additionalProperties: true,
            },
          },
        },
      },
      responses: {
        200: {
          description: 'TwiML for Twilio to follow: <Say>, <Gather input="speech dtmf">, <Dial> or <Hangup>.',
          content: {
            'application/xml': {
              schema: { type: 'string' },
              example:
                '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="speech dtmf" action="https://callagent.example.com/telephony/twilio/gather?call=call_..." method="POST"><Say voice="Polly.Amy-Neural">Hello, ...</Say></Gather></Response>',
            },
          },
        },
        400: { description: 'A form without the fields Twilio always sends (validation_failed).' },
        403: { description: 'The signature does not match: nothing changes.' },
        413: { description: 'A body over 32 KiB (payload_too_large).' },
        415: { description: 'Not a form body.' },
      },
    },
  };
}

/** Path items for /telephony/twilio/voice, gather, status, sms, message-status and recording-status. */
export function twilioOpenApiPaths(): Record<string, unknown> {
  return {
    '/telephony/twilio/voice': twilioPost(
      'An incoming call (the number\'s "A call comes in" webhook)',
      'Starts a call with the published agent of the workspace that registered `To`, and answers its greeting inside a <Gather> whose action is the gather webhook of this call.',
      {},
      ['CallSid', 'From', 'To'],
    ),
    '/telephony/twilio/gather': twilioPost(
      "A caller's turn (the <Gather> action)",
      'Query `call` names the call. Speech, keyed digits or silence goes to the agent; the answer is its reply in a new <Gather>, or a goodbye, or a <Dial> to hand the caller over. A re-sent request with the same `I-Twilio-Idempotency-Token` is answered the same, once.',
      {
        SpeechResult: { type: 'string', description: 'What the caller said; empty for silence' },
        Confidence: { type: 'string', description: 'Speech confidence, 0 to 1' },
        Digits: { type: 'string', description: 'Keys pressed' },
      },
      ['CallSid'],
    ),
    '/telephony/twilio/status': twilioPost(
      'Call status callback',
      'Closes the call when Twilio reports it ended (completed, busy, failed, no-answer, canceled): summary, duration and call.completed, once. Answers an empty <Response/>.',
      { CallDuration: { type: 'string', description: 'Seconds, when completed' } },
      ['CallSid', 'CallStatus'],
    ),
    '/telephony/twilio/sms': {
      post: {
        ...twilioPost('', '', {}, []).post,
        summary: 'A text to the number (the number\'s "A message comes in" webhook)',
        description:
          "Keeps the seller's text on the message log (once per MessageSid) and acts on it: STOP and its synonyms opt the number out of texts, START opts it back in, C cancels the seller's next booking; anything else alerts the lead's owner (docs/notifications.md). Answers an empty <Response/>.",
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  MessageSid: { type: 'string', description: "Twilio's id of the message, SM..." },
                  AccountSid: { type: 'string', description: 'The Twilio account, AC...' },
                  From: { type: 'string', description: "The seller's number (E.164)" },
                  To: { type: 'string', description: 'The business number texted' },
                  Body: { type: 'string', description: 'The text; kept up to 1,000 characters' },
                },
                required: ['MessageSid', 'From', 'To'],
                additionalProperties: true,
              },
            },
          },
        },
        responses: {
          ...twilioPost('', '', {}, []).post.responses,
          200: {
            description: 'An empty <Response/>: nothing is sent back.',
            content: {
              'application/xml': {
                schema: { type: 'string' },
                example: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
              },
            },
          },
        },
      },
    },
    '/telephony/twilio/message-status': {
      post: {
        tags: ['Telephony (Twilio)'],
        summary: 'Text status callback',
        description:
          "Set by the service on each text it sends (nothing to configure at Twilio). Query `message` names the message; the signature is checked with the auth token of the number the text went from. delivered, undelivered and failed become the message's status (a delivered text never goes back); an unknown message is answered 204 and changes nothing (docs/notifications.md).",
        security: [],
        parameters: [
          signature,
          {
            name: 'message',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'msg_...',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  MessageSid: { type: 'string', description: "Twilio's id of the text, SM..." },
                  AccountSid: { type: 'string', description: 'The Twilio account, AC...' },
                  MessageStatus: {
                    type: 'string',
                    description: 'queued, sent, delivered, undelivered, failed',
                  },
                  ErrorCode: { type: 'string', description: "Twilio's error code when it failed" },
                },
                required: ['MessageSid', 'MessageStatus'],
                additionalProperties: true,
              },
            },
          },
        },
        responses: {
          204: { description: 'Recorded (or nothing to record).' },
          403: { description: 'The signature does not match, or names another text: nothing changes.' },
        },
      },
    },
    '/telephony/twilio/recording-status': {
      post: {
        tags: ['Telephony (Twilio)'],
        summary: 'Recording status callback',
        description:
          "Set by the service when it asks Twilio to record a call (nothing to configure at Twilio; docs/telephony.md, Recording calls). Query `call` names the call; the signature is checked with the auth token of the number the call was made to. in-progress, completed, absent and failed are kept on the call's recording with its RecordingSid, duration, channels and RecordingStartTime; completed emits call.updated once. A callback about no call here, a call not recorded, another account, call or recording is answered 204 and changes nothing; a repeated one changes nothing more.",
        security: [],
        parameters: [
          signature,
          { name: 'call', in: 'query', required: true, schema: { type: 'string' }, description: 'call_...' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  AccountSid: { type: 'string', description: 'The Twilio account, AC...' },
                  CallSid: { type: 'string', description: "The caller's leg, CA..." },
                  RecordingSid: { type: 'string', description: "Twilio's id of the recording, RE..." },
                  RecordingStatus: { type: 'string', description: 'in-progress, completed, absent, failed' },
                  RecordingDuration: { type: 'string', description: 'Seconds, when completed' },
                  RecordingChannels: { type: 'string', description: '2: recorded on two channels' },
                  RecordingStartTime: { type: 'string', description: 'When the recording began (RFC 2822)' },
                  ErrorCode: { type: 'string', description: "Twilio's error code when absent or failed" },
                },
                required: ['RecordingSid', 'RecordingStatus'],
                additionalProperties: true,
              },
            },
          },
        },
        responses: {
          204: { description: 'Recorded (or nothing to record).' },
          403: { description: 'The signature does not match: nothing changes.' },
        },
      },
    },
  };
}
