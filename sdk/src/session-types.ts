// Objects of the routes a signed-in person uses (sessions, workspaces, members, invitations, API
// keys, phone numbers, the calendar feed). API keys cannot call most of them: they are for the
// browser's session client.

export type Role = 'owner' | 'admin' | 'member' | 'viewer';
export type InvitableRole = 'admin' | 'member' | 'viewer';
export type Scope =
  | 'calls:read'
  | 'opportunities:read'
  | 'opportunities:write'
  | 'leads:read'
  | 'leads:write'
  | 'agent:read'
  | 'agent:write'
  | 'webhooks:manage'
  | 'privacy:manage';

/** GET /ping, and the answer of every sign-in. */
export interface Ping {
  ok: true;
  /** Send as X-CSRF-Token with every change made with this session. */
  csrf_token: string;
  user: {
    id: string;
    role: Role;
    email: string;
    name: string;
    /** The name is one the service made up (the first owner's email): ask them for theirs. */
    needs_name: boolean;
  };
  workspace: {
    id: string;
    name: string;
    time_zone: string;
    /** Set up by the service's operator: only such a workspace's invitations create new accounts. */
    operator_managed: boolean;
    /** Calls that start now are recorded (PATCH /api/v1/workspace). */
    call_recording: boolean;
  };
}

/** The signed-in person, as `PATCH /api/v1/account` answers. */
export interface Account {
  id: string;
  email: string;
  name: string;
  needs_name: boolean;
}

export interface ChangePasswordParams {
  current_password: string;
  /** At least 12 characters. */
  new_password: string;
}

export type AlertKind = 'hot_lead' | 'handover_missed' | 'booking_due' | 'seller_reply' | 'task_overdue';

/** How one alert reaches you. */
export interface AlertChannels {
  email: boolean;
  sms: boolean;
}

/** Your alerts in this workspace (docs/notifications.md). */
export interface NotificationSettings {
  /** E.164; texts go here. null: no texts. */
  mobile: string | null;
  alerts: Record<AlertKind, AlertChannels>;
  /** The service can send email (SMTP_URL is set). */
  email_available: boolean;
  /** The workspace has a Twilio number that can text. */
  texts_available: boolean;
}

export interface UpdateNotificationSettingsParams {
  mobile?: string | null;
  alerts?: Partial<Record<AlertKind, AlertChannels>>;
}

/** Whether email and texts can be sent at all, and why not, in words. */
export interface NotificationStatus {
  email: { available: boolean; reason: string | null };
  texts: { available: boolean; reason: string | null };
}

export interface ResetPasswordParams {
  /** From the link in the reset email. */
  token: string;
  /** At least 12 characters. */
  password: string;
}

export interface SignInParams {
  email: string;
  password: string;
  /** Default: the workspace the user joined first. */
  workspace_id?: string;
}

export interface WorkspaceMembership {
  id: string;
  name: string;
  /** Your role in it. */
  role: Role;
  created_at: string;
}

export interface WorkspaceSettings {
  id: string;
  name: string;
  /** IANA time zone the console shows times in, e.g. Europe/London. */
  time_zone: string;
  /** Calls that start while this is on are recorded, and the agent says so after its greeting. */
  call_recording: boolean;
}

export interface UpdateWorkspaceParams {
  name?: string;
  /** Admins and the owner. */
  call_recording?: boolean;
  time_zone?: string;
}

export interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: InvitableRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

export interface CreatedInvitation extends Invitation {
  /** Shown once: the invitee accepts with it. */
  token: string;
  /** Shown once: the console page that accepts it, token included. */
  link: string;
  /** The invitation was emailed to the address (false: the service sends no email). */
  email_queued: boolean;
}

/**
 * Without a session: `password` alone accepts as the invited email's existing account; `name`
 * and `password` create an account (only where the preview's `new_accounts` is true). With a
 * session of the invited email: `token` alone.
 */
export interface AcceptInvitationParams {
  token: string;
  name?: string;
  password?: string;
}

/** An invitation read by its token, before accepting it. */
export interface InvitationPreview {
  /** Only the account of this email may accept. */
  email: string;
  role: InvitableRole;
  workspace_name: string;
  expires_at: string;
  /** Whether name and password may create an account: a workspace set up by the service's operator. */
  new_accounts: boolean;
}

export interface ApiKey {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKey {
  /** cak_live_...: shown in this answer only. */
  key: string;
}

export interface PhoneNumber {
  id: string;
  /** E.164. */
  number: string;
  provider: 'twilio';
  created_at: string;
}

export interface RegisterPhoneNumberParams {
  number: string;
  provider: 'twilio';
  /** The SID (AC...) of the Twilio account that owns the number; Twilio confirms it before the number is saved. */
  twilio_account_sid: string;
  twilio_auth_token: string;
}

export interface CalendarFeed {
  id: string;
  /** The secret address a calendar app subscribes to; anyone holding it reads the bookings. */
  url: string;
  /** `all`: every scheduled booking; `mine`: those assigned to you and the shared desk's. */
  scope: 'all' | 'mine';
  created_at: string;
  last_used_at: string | null;
}

export interface CreateCalendarFeedParams {
  scope?: 'all' | 'mine';
}
