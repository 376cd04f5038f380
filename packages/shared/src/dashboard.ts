import { z } from 'zod';

/** How many items each dashboard list shows; its count says how many there are in all. */
export const DASHBOARD_ITEMS = 5;

/** The dashboard takes no parameters: the caller's role decides what it answers. */
export const dashboardQuerySchema = z.strictObject({});

/** One thing to do or look at, with the app path where it is handled. */
export const dashboardItemSchema = z.object({
  /** Unique within its list (`order-12`, `room-3`, ...). */
  key: z.string(),
  title: z.string(),
  /** Who or what it concerns: the team, the buyer, the applicant... */
  detail: z.string().nullable(),
  /** A label for its state (`In Progress`, `Pending`, `2 unread`). */
  status: z.string().nullable(),
  due_at: z.string().nullable(),
  link: z.string(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardListSchema = z.object({
  count: z.number().int(),
  /** The first DASHBOARD_ITEMS, the most pressing first. */
  items: z.array(dashboardItemSchema),
});
export type DashboardList = z.infer<typeof dashboardListSchema>;

export const dashboardEarningsSchema = z.object({
  currency: z.string(),
  pending: z.number(),
  available: z.number(),
  paid_out: z.number(),
});

/**
 * GET /api/dashboard: one answer by the caller's role. Each section is there for its role only
 * (a superuser also gets the general admin's); the others are null.
 */
export const dashboardSchema = z.object({
  buyer: z
    .object({
      active_orders: dashboardListSchema,
      awaiting_acceptance: dashboardListSchema,
      unread_conversations: dashboardListSchema,
    })
    .nullable(),
  team_admin: z
    .object({
      orders_to_start: dashboardListSchema,
      orders_to_deliver: dashboardListSchema,
      pending_applications: dashboardListSchema,
      unread_conversations: dashboardListSchema,
      /** Null until the admin has earned anything. */
      earnings: dashboardEarningsSchema.nullable(),
    })
    .nullable(),
  seller: z
    .object({
      applications: dashboardListSchema,
      teams: dashboardListSchema,
    })
    .nullable(),
  general_admin: z
    .object({
      pending_verifications: dashboardListSchema,
      open_disputes: dashboardListSchema,
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const DASHBOARD_TEXTS = {
  loadFailed: 'Failed to load your dashboard',
  activeOrders: 'Active orders',
  awaitingAcceptance: 'Deliveries waiting for your acceptance',
  unreadConversations: 'Unread conversations',
  ordersToStart: 'Orders to start',
  ordersToDeliver: 'Orders to deliver',
  pendingApplications: 'Pending applications',
  earnings: 'Earnings',
  myApplications: 'My applications',
  myTeams: 'My teams',
  pendingVerifications: 'Pending verifications',
  openDisputes: 'Open disputes',
  noActiveOrders: 'No active orders yet.',
  browseServices: 'Browse services',
  noDeliveries: 'Nothing is waiting for your acceptance.',
  noUnread: 'No unread conversations.',
  openMessages: 'Open messages',
  noOrdersToStart: 'No new orders to start.',
  noOrdersToDeliver: 'No orders in progress.',
  managePackages: 'Manage your packages',
  noApplications: 'No pending applications.',
  manageTeams: 'Manage your teams',
  noOwnApplications: 'You have not applied to a team yet.',
  browseTeams: 'Browse teams',
  noTeams: 'You are not a member of a team yet.',
  noVerifications: 'No verification requests are waiting.',
  noDisputes: 'No open disputes.',
  viewAll: 'View all',
  due: 'Due',
} as const;
