import {
  assembleClient,
  type CallagentClient,
  labelled,
  normaliseBaseUrl,
  type TransportOptions,
  transportConfig,
} from './client.js';
import { createTransport, type HttpRequest, type Method, type RequestOptions } from './http.js';
import type {
  AcceptInvitationParams,
  Account,
  ApiKey,
  CalendarFeed,
  ChangePasswordParams,
  CreateCalendarFeedParams,
  CreatedApiKey,
  CreatedInvitation,
  InvitableRole,
  Invitation,
  InvitationPreview,
  Member,
  NotificationSettings,
  NotificationStatus,
  PhoneNumber,
  Ping,
  RegisterPhoneNumberParams,
  ResetPasswordParams,
  Role,
  Scope,
  SignInParams,
  UpdateNotificationSettingsParams,
  UpdateWorkspaceParams,
  WorkspaceMembership,
  WorkspaceSettings,
} from './session-types.js';
import type { ListPage, ListQuery, Pipeline, UpdatePipelineParams } from './types.js';

export interface SessionClientOptions extends TransportOptions {
  /** Where the service answers; in a browser page served by the service, its own origin. */
  baseUrl: string;
}

/** The routes a signed-in person uses, beside every resource of the key client. */
export interface SessionClient extends CallagentClient {
  readonly auth: {
    signIn(body: SignInParams, options?: RequestOptions): Promise<Ping>;
    signOut(options?: RequestOptions): Promise<void>;
    /** Ends every session of the signed-in user, in every workspace, this one included. */
    signOutEverywhere(options?: RequestOptions): Promise<void>;
    /** The session's user and workspace; 401 `unauthenticated` when signed out. */
    ping(options?: RequestOptions): Promise<Ping>;
    switchWorkspace(workspaceId: string, options?: RequestOptions): Promise<Ping>;
    /**
     * Emails a reset link to the address when it has an account; the answer is the same whether or
     * not it has one.
     */
    requestPasswordReset(body: { email: string }, options?: RequestOptions): Promise<void>;
    /** Sets a new password with the emailed token (single use); every session of the account ends. */
    resetPassword(body: ResetPasswordParams, options?: RequestOptions): Promise<void>;
  };
  /** Your own name and password, the same in every workspace you belong to. */
  readonly account: {
    update(body: { name: string }, options?: RequestOptions): Promise<Account>;
    /**
     * Needs the current password (a wrong one is 400 on `current_password`). Every other session of
     * yours ends, in every workspace; this one goes on.
     */
    changePassword(body: ChangePasswordParams, options?: RequestOptions): Promise<Ping>;
    /** Your alerts in this workspace: which come by email and by text, and your mobile. */
    notifications(options?: RequestOptions): Promise<NotificationSettings>;
    updateNotifications(
      body: UpdateNotificationSettingsParams,
      options?: RequestOptions,
    ): Promise<NotificationSettings>;
  };
  /** Whether the service can send email, and this workspace texts. */
  readonly notifications: {
    status(options?: RequestOptions): Promise<NotificationStatus>;
  };
  readonly workspaces: {
    list(query?: ListQuery, options?: RequestOptions): Promise<ListPage<WorkspaceMembership>>;
    create(body: { name: string }, options?: RequestOptions): Promise<WorkspaceMembership>;
  };
  readonly workspace: {
    update(body: UpdateWorkspaceParams, options?: RequestOptions): Promise<WorkspaceSettings>;
    /** Renames and reorders the stages or changes the follow-up times (admins and the owner). */
    updatePipeline(body: UpdatePipelineParams, options?: RequestOptions): Promise<Pipeline>;
    transferOwnership(userId: string, options?: RequestOptions): Promise<Member>;
  };
  readonly members: {
    list(query?: ListQuery, options?: RequestOptions): Promise<ListPage<Member>>;
    update(userId: string, body: { role: Role }, options?: RequestOptions): Promise<Member>;
    remove(userId: string, options?: RequestOptions): Promise<void>;
  };
  readonly invitations: {
    list(query?: ListQuery, options?: RequestOptions): Promise<ListPage<Invitation>>;
    create(
      body: { email: string; role: InvitableRole },
      options?: RequestOptions,
    ): Promise<CreatedInvitation>;
    withdraw(invitationId: string, options?: RequestOptions): Promise<void>;
    /** Reads an invitation by its token (no session needed), to show how it may be accepted. */
    preview(token: string, options?: RequestOptions): Promise<InvitationPreview>;
    accept(body: AcceptInvitationParams, options?: RequestOptions): Promise<Ping>;
  };
  readonly apiKeys: {
    list(query?: ListQuery, options?: RequestOptions): Promise<ListPage<ApiKey>>;
    create(body: { name: string; scopes: Scope[] }, options?: RequestOptions): Promise<CreatedApiKey>;
    revoke(keyId: string, options?: RequestOptions): Promise<void>;
  };
  readonly phoneNumbers: {
    list(query?: ListQuery, options?: RequestOptions): Promise<ListPage<PhoneNumber>>;
    create(body: RegisterPhoneNumberParams, options?: RequestOptions): Promise<PhoneNumber>;
    remove(phoneNumberId: string, options?: RequestOptions): Promise<void>;
  };
  readonly calendarFeed: {
    /** Your address, or null until one is made (the API answers 204). */
    get(options?: RequestOptions): Promise<CalendarFeed | null>;
    /** A new secret address; the previous one stops working. */
    create(body?: CreateCalendarFeedParams, options?: RequestOptions): Promise<CalendarFeed>;
    revoke(options?: RequestOptions): Promise<void>;
  };
}

const seg = (value: string): string => encodeURIComponent(value);

/**
 * A client for a browser page: the session cookie goes with every request (`credentials:
 * include`), and the CSRF token from the last sign-in or ping goes with every change. The token
 * lives in this closure only, never in storage a script could read later.
 */
export function createSessionClient(options: SessionClientOptions): SessionClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  let csrfToken: string | null = null;
  const config = transportConfig(baseUrl, options, {
    apiKey: null,
    csrfToken: () => csrfToken,
    credentials: 'include',
    userAgent: null,
  });
  const send = createTransport(config);
  const call = <T>(
    method: Method,
    path: string,
    opts: RequestOptions | undefined,
    extra: Omit<HttpRequest, 'method' | 'path' | 'options'> = {},
  ): Promise<T> => send<T>({ method, path: `/api/v1${path}`, options: opts, ...extra });
  const remember = (ping: Ping): Ping => {
    csrfToken = ping.csrf_token;
    return ping;
  };
  const list =
    <T>(path: string) =>
    (query?: ListQuery, o?: RequestOptions) =>
      call<ListPage<T>>('GET', path, o, { query });

  const client: SessionClient = {
    ...assembleClient(config),
    auth: {
      signIn: async (body, o) => remember(await call<Ping>('POST', '/auth/sign-in', o, { body })),
      signOut: async (o) => {
        await call('POST', '/auth/sign-out', o, { expect: 'empty' });
        csrfToken = null;
      },
      signOutEverywhere: async (o) => {
        await call('POST', '/auth/sign-out-everywhere', o, { expect: 'empty' });
        csrfToken = null;
      },
      ping: async (o) => remember(await call<Ping>('GET', '/ping', o)),
      switchWorkspace: async (workspaceId, o) =>
        remember(
          await call<Ping>('POST', '/auth/switch-workspace', o, { body: { workspace_id: workspaceId } }),
        ),
      requestPasswordReset: async (body, o) => {
        await call('POST', '/auth/password-reset', o, { body });
      },
      resetPassword: async (body, o) => {
        await call('POST', '/auth/password-reset/confirm', o, { body });
      },
    },
    account: {
      update: (body, o) => call('PATCH', '/account', o, { body }),
      changePassword: async (body, o) => remember(await call<Ping>('POST', '/account/password', o, { body })),
      notifications: (o) => call('GET', '/account/notifications', o),
      updateNotifications: (body, o) => call('PUT', '/account/notifications', o, { body }),
    },
    notifications: {
      status: (o) => call('GET', '/notifications/status', o),
    },
    workspaces: {
      list: list<WorkspaceMembership>('/workspaces'),
      create: (body, o) => call('POST', '/workspaces', o, { body }),
    },
    workspace: {
      update: (body, o) => call('PATCH', '/workspace', o, { body }),
      updatePipeline: (body, o) => call('PATCH', '/pipeline', o, { body }),
      transferOwnership: (userId, o) =>
        call('POST', '/workspace/transfer-ownership', o, { body: { user_id: userId } }),
    },
    members: {
      list: list<Member>('/members'),
      update: (id, body, o) => call('PATCH', `/members/${seg(id)}`, o, { body }),
      remove: (id, o) => call('DELETE', `/members/${seg(id)}`, o, { expect: 'empty' }),
    },
    invitations: {
      list: list<Invitation>('/invitations'),
      create: (body, o) => call('POST', '/invitations', o, { body }),
      withdraw: (id, o) => call('DELETE', `/invitations/${seg(id)}`, o, { expect: 'empty' }),
      preview: (token, o) => call('POST', '/invitations/preview', o, { body: { token } }),
      accept: async (body, o) => remember(await call<Ping>('POST', '/invitations/accept', o, { body })),
    },
    apiKeys: {
      list: list<ApiKey>('/api-keys'),
      create: (body, o) => call('POST', '/api-keys', o, { body }),
      revoke: (id, o) => call('DELETE', `/api-keys/${seg(id)}`, o, { expect: 'empty' }),
    },
    phoneNumbers: {
      list: list<PhoneNumber>('/phone-numbers'),
      create: (body, o) => call('POST', '/phone-numbers', o, { body }),
      remove: (id, o) => call('DELETE', `/phone-numbers/${seg(id)}`, o, { expect: 'empty' }),
    },
    calendarFeed: {
      get: async (o) => (await call<CalendarFeed | undefined>('GET', '/calendar-feed', o)) ?? null,
      create: (body, o) => call('POST', '/calendar-feed', o, { body: body ?? {} }),
      revoke: (o) => call('DELETE', '/calendar-feed', o, { expect: 'empty' }),
    },
  };
  return labelled(client);
}
