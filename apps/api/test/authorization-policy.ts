/**
 * Who may call each route the server registers: the one place the authorization matrix test
 * (src/security/authorization-matrix.test.ts) reads. A route the server registers that is missing
 * here fails the suite, so a new route cannot ship without a decision about who may call it.
 *
 * "Allowed" means the request gets past authentication and authorization (the answer may still be
 * a business refusal such as 409 or 422); "refused" means 401, 403 or 404 and nothing written.
 * Object routes are called on an object of team A: `teamAdmin` administers team A, `member` belongs
 * to it, `buyer` has a conversation with it; `otherAdmin` administers team B only.
 */
export const ACTORS = [
  'visitor',
  'guest',
  'buyer',
  'seller',
  'member',
  'teamAdmin',
  'otherAdmin',
  'generalAdmin',
] as const;
export type ActorName = (typeof ACTORS)[number];

/** Public: a guest's token is no session outside the chat, so a guest calls these as a visitor. */
const EVERYONE: readonly ActorName[] = ACTORS;
const SIGNED_IN: readonly ActorName[] = ACTORS.filter((actor) => actor !== 'visitor' && actor !== 'guest');
const VERIFIED_TEAM_ADMINS: readonly ActorName[] = ['teamAdmin', 'otherAdmin'];
const SELLERS: readonly ActorName[] = ['seller', 'member'];
const TEAM_A: readonly ActorName[] = ['member', 'teamAdmin'];
const CHAT_ROOM_A: readonly ActorName[] = ['buyer', 'member', 'teamAdmin'];
const ORDER_A: readonly ActorName[] = ['buyer', 'member', 'teamAdmin', 'generalAdmin'];

export const ROUTE_POLICY: Record<string, readonly ActorName[]> = {
  // Public content and health.
  'GET /api/health': EVERYONE,
  /** Profile pictures are public, like the profiles that show them. */
  'GET /uploads/avatars/*': EVERYONE,
  /** Logos and gallery images are as public as the pages that show them. */
  'GET /uploads/images/:imageId/:fileName': EVERYONE,
  'GET /api/openapi.json': EVERYONE,
  'GET /api/statistics/dashboard': EVERYONE,
  'GET /api/service-categories': EVERYONE,
  'GET /api/service-categories/:id': EVERYONE,
  'GET /api/project-types': EVERYONE,
  'GET /api/project-types/:id': EVERYONE,
  'GET /api/project-sub-types': EVERYONE,
  'GET /api/project-sub-types/:id': EVERYONE,
  'GET /api/technologies': EVERYONE,
  'GET /api/technologies/:id': EVERYONE,
  'POST /api/contact': EVERYONE,

  // Accounts: the public steps of signing up and in, then the signed-in user's own account.
  'POST /api/auth/register': EVERYONE,
  'POST /api/auth/login': EVERYONE,
  'POST /api/auth/refresh': EVERYONE,
  'POST /api/auth/forgot-password': EVERYONE,
  'POST /api/auth/reset-password': EVERYONE,
  'POST /api/auth/send-verification': EVERYONE,
  'POST /api/auth/verify-email': EVERYONE,
  /** Ends the session of the refresh token sent; holding that token is the authority. */
  'POST /api/auth/logout': EVERYONE,
  'GET /api/auth/me': SIGNED_IN,
  'PUT /api/auth/me': SIGNED_IN,
  'POST /api/auth/change-password': SIGNED_IN,
  'POST /api/auth/upload-profile-picture': SIGNED_IN,
  'GET /api/navigation': SIGNED_IN,
  'GET /api/activity': SIGNED_IN,
  /** One's own notifications; the one marked read here is `buyer`'s (others: 404). */
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/:id/read': ['buyer'],
  'POST /api/notifications/read-all': SIGNED_IN,
  /** One's own dashboard, by role. */
  'GET /api/dashboard': SIGNED_IN,

  // Role verification: anyone signed in may ask (a general admin is told there is nothing left to
  // ask for); general admins review.
  'POST /api/verification/request': SIGNED_IN,
  'GET /api/verification/my-requests': SIGNED_IN,
  'GET /api/verification/pending': ['generalAdmin'],
  'PUT /api/verification/requests/:id': ['generalAdmin'],
  'GET /api/verification/stats': ['generalAdmin'],

  // Teams.
  'POST /api/teams': [...VERIFIED_TEAM_ADMINS, 'generalAdmin'],
  'GET /api/teams': EVERYONE,
  'GET /api/teams/my-teams': SIGNED_IN,
  'GET /api/teams/member-teams': SIGNED_IN,
  'GET /api/teams/:id': EVERYONE,
  'PUT /api/teams/:id': ['teamAdmin'],
  'DELETE /api/teams/:id': ['teamAdmin'],
  'DELETE /api/teams/:id/members/:userId': ['teamAdmin'],
  'POST /api/teams/:id/logo': ['teamAdmin'],
  'DELETE /api/teams/:id/logo': ['teamAdmin'],
  /** The team's admin is a member too, and is told they cannot leave their own team. */
  'POST /api/teams/:id/leave': TEAM_A,
  'POST /api/teams/apply': SELLERS,
  'GET /api/teams/:id/applications': ['teamAdmin'],
  'GET /api/my-applications': SIGNED_IN,
  'PUT /api/team-memberships/:id': ['teamAdmin'],
  'POST /api/team-memberships/:id/withdraw': ['seller'],

  // Professional profiles: the owner (here `member`) changes their items; signed-in users read.
  'GET /api/profile': SIGNED_IN,
  'GET /api/users/:id/profile': SIGNED_IN,
  'GET /api/profile/experiences': SIGNED_IN,
  'POST /api/profile/experiences': SIGNED_IN,
  'PUT /api/profile/experiences/:id': ['member'],
  'DELETE /api/profile/experiences/:id': ['member'],
  'GET /api/profile/skills': SIGNED_IN,
  'POST /api/profile/skills': SIGNED_IN,
  'PUT /api/profile/skills/:id': ['member'],
  'DELETE /api/profile/skills/:id': ['member'],
  'GET /api/profile/certificates': SIGNED_IN,
  'POST /api/profile/certificates': SIGNED_IN,
  'PUT /api/profile/certificates/:id': ['member'],
  'DELETE /api/profile/certificates/:id': ['member'],
  'GET /api/profile/education': SIGNED_IN,
  'POST /api/profile/education': SIGNED_IN,
  'PUT /api/profile/education/:id': ['member'],
  'DELETE /api/profile/education/:id': ['member'],

  // Service packages: published ones for everyone; team A's verified admin changes team A's.
  'GET /api/service-packages': EVERYONE,
  'POST /api/service-packages/search': EVERYONE,
  'GET /api/service-packages/my-packages': ['teamAdmin'],
  'POST /api/service-packages': ['teamAdmin'],
  'GET /api/service-packages/:id': EVERYONE,
  'PUT /api/service-packages/:id': ['teamAdmin'],
  'DELETE /api/service-packages/:id': ['teamAdmin'],
  'POST /api/service-packages/:id/publish': ['teamAdmin'],
  'POST /api/service-packages/:id/unpublish': ['teamAdmin'],
  'POST /api/service-packages/:id/images': ['teamAdmin'],
  'DELETE /api/service-packages/:id/images/:imageId': ['teamAdmin'],
  'PUT /api/service-packages/:id/images/order': ['teamAdmin'],
  'GET /api/teams/:id/service-packages': EVERYONE,

  // Chat: a room of team A with `buyer`; the team's people and the buyer (or guest) only.
  /** The team's own people are sent to the team chat dashboard instead (409). */
  'POST /api/chat-rooms/get-or-create': SIGNED_IN,
  'POST /api/guest-users': EVERYONE,
  'POST /api/chat-rooms': ['guest'],
  'POST /api/guest-users/upgrade': ['guest'],
  'GET /api/chat-rooms/:id/access': CHAT_ROOM_A,
  'GET /api/chat-rooms/:id/messages': CHAT_ROOM_A,
  'POST /api/chat-rooms/:id/messages': CHAT_ROOM_A,
  'POST /api/chat-rooms/:id/read': CHAT_ROOM_A,
  'POST /api/chat-rooms/:id/upload': CHAT_ROOM_A,
  'GET /api/chat-files/:fileId': CHAT_ROOM_A,
  'GET /api/chat-files/:fileId/thumbnail': CHAT_ROOM_A,
  'GET /api/user/chat-rooms': ['guest', ...SIGNED_IN],
  'GET /api/teams/:id/chat-rooms': TEAM_A,
  'GET /ws/chat/:chatRoomId': CHAT_ROOM_A,
  /** Custom offers in team A's room with `buyer`: the team sends and withdraws, the buyer declines. */
  'POST /api/chat-rooms/:id/offers': TEAM_A,
  'GET /api/offers/:id': CHAT_ROOM_A,
  'POST /api/offers/:id/decline': ['buyer'],
  'POST /api/offers/:id/withdraw': TEAM_A,

  // Orders of team A's package bought by `buyer`: the buyer, the selling team and general admins.
  'POST /api/orders': ['buyer', 'generalAdmin'],
  'GET /api/orders': SIGNED_IN,
  'GET /api/orders/:id': ORDER_A,
  /** Each party may ask; the state machine then allows only its own transitions (409 otherwise). */
  'PUT /api/orders/:id/status': ORDER_A,
  'PUT /api/payments/:id/status': ['generalAdmin'],
  'GET /api/payments/config': EVERYONE,
  /** The team sees the order, not the buyer's receipt. */
  'GET /api/payments/:id/receipt': ['buyer', 'generalAdmin'],
  /**
   * Public: the signature, not a session, proves Stripe sent it; an unsigned or forged event (and any
   * event while Stripe is not configured) is a 400 that writes nothing.
   */
  'POST /api/payments/webhooks/stripe': EVERYONE,
  /** The parties add files for a delivery; a general admin reads them but adds none (403). */
  'POST /api/orders/:id/files': ['buyer', 'member', 'teamAdmin'],
  'GET /api/orders/:id/files/:fileId': ORDER_A,
  /** The buyer and a general admin are told only the team delivers (403). */
  'POST /api/orders/:id/deliveries': TEAM_A,
  'GET /api/orders/:id/deliveries': ORDER_A,
  'POST /api/orders/:id/accept': ['buyer'],
  'POST /api/orders/:id/revision-requests': ['buyer'],
  /** A general admin decides disputes and does not open them (403). */
  'POST /api/orders/:id/disputes': ['buyer', 'member', 'teamAdmin'],
  'GET /api/disputes': ['generalAdmin'],
  'GET /api/disputes/:id': ORDER_A,
  'POST /api/disputes/:id/resolve': ['generalAdmin'],
  /** Read-only, for deciding disputes; the parties have the chat itself (403). */
  'GET /api/admin/orders/:id/conversation': ['generalAdmin'],
  'GET /api/admin/orders/:id/conversation/files/:fileId': ['generalAdmin'],
  /** The selling team is a party but may not review itself (403); strangers do not see the order. */
  'POST /api/orders/:id/review': ['buyer'],
  'GET /api/service-packages/:id/reviews': EVERYONE,
  'GET /api/teams/:id/reviews': EVERYONE,
  /** The public team page: no emails, nothing a stranger may not see. */
  'GET /api/teams/:id/profile': EVERYONE,

  // Billing: one's own saved methods and payments (the objects here are `buyer`'s).
  'GET /api/user/payment-methods': SIGNED_IN,
  'POST /api/user/payment-methods': SIGNED_IN,
  'GET /api/user/payment-methods/:id': ['buyer'],
  'PUT /api/user/payment-methods/:id': ['buyer'],
  'DELETE /api/user/payment-methods/:id': ['buyer'],
  'POST /api/user/payment-methods/:id/set-default': ['buyer'],
  'GET /api/user/payment-history': SIGNED_IN,

  // Money to the team: team A's split (its people read, its admin sets); one's own earnings and
  // payout account; the marketplace's finance summary for general admins.
  'GET /api/teams/:id/payout-split': [...TEAM_A, 'generalAdmin'],
  'PUT /api/teams/:id/payout-split': ['teamAdmin'],
  'GET /api/user/earnings': SIGNED_IN,
  'GET /api/user/payout-account': SIGNED_IN,
  'POST /api/user/payout-account': SIGNED_IN,
  'GET /api/admin/finance': ['generalAdmin'],
  'GET /ws/user': ['guest', ...SIGNED_IN],
};
