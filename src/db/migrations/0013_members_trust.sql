-- Who made a webhook endpoint, which workspaces the operator vouches for, and the data left
-- behind by members who left before their invitations and feeds went with them
-- (docs/api.md, Workspaces, members and invitations).

-- The user who made the endpoint (for an API key, the key's creator); null for endpoints made
-- before it was recorded.
ALTER TABLE webhook_endpoints ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;

-- Made by the service's operator (the first start's owner, `callagent workspace create`): only
-- invitations of these workspaces may create new accounts until email addresses are verified.
ALTER TABLE workspaces ADD COLUMN operator_managed boolean NOT NULL DEFAULT false;

-- Both operator paths make the owner, the workspace and the membership at one instant; a
-- workspace made in the console belongs to a user who existed before it.
UPDATE workspaces w SET operator_managed = true
 WHERE EXISTS (
   SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = w.id AND u.created_at = w.created_at
 );

-- Pending invitations of inviters who left, or whose role can no longer grant the invited one
-- (admins and the owner grant every invitable role: src/auth/permissions.ts).
DELETE FROM invitations i
 WHERE i.accepted_at IS NULL
   AND NOT EXISTS (
     SELECT 1 FROM memberships m
      WHERE m.workspace_id = i.workspace_id AND m.user_id = i.invited_by AND m.role IN ('owner', 'admin')
   );

-- Feeds of people who left: unrevoked, they would work again if their owner were added back.
UPDATE calendar_feeds f SET revoked_at = now()
 WHERE f.revoked_at IS NULL
   AND NOT EXISTS (
     SELECT 1 FROM memberships m WHERE m.workspace_id = f.workspace_id AND m.user_id = f.user_id
   );
