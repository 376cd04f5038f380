/**
 * The texts of deliveries, revisions and disputes, kept apart from the zod schemas of deliveries.ts
 * (which re-exports them): the package page shows a revision count with them before the validation
 * library has arrived.
 */
export const DELIVERY_TEXTS = {
  noRevisionsLeft: 'No revisions left',
  notDelivered: 'This order is not delivered',
  notInProgress: 'This order is not in progress',
  notConfirmed: 'This order is not confirmed',
  notLate: 'An order in progress can be cancelled only when it is late',
  disputeNotAllowed: 'A dispute can be opened only on an order in progress or delivered',
  disputeAlreadyOpen: 'This order already has an open dispute',
  disputeNotFound: 'Dispute not found',
  disputeResolved: 'This dispute is already resolved',
  teamCannotComplete:
    "An order is completed by the buyer's acceptance, the automatic completion after delivery or a general admin's decision on a dispute, not by the team",
  deliverThroughDelivery: 'An order is delivered by sending a delivery (POST /api/orders/{id}/deliveries)',
  fileNotFound: 'File not found',
  fileNotOfOrder: 'Every file must be uploaded to this order first',
  fileInOtherDelivery: 'A file can be part of one delivery only',
  tooManyUnattachedFiles:
    'This order already holds 50 files that no delivery includes: no more can be added until the team delivers some. A file no delivery includes is removed 7 days after it was added.',
  onlyBuyer: 'Only the buyer of this order can do this',
  onlyTeam: "Only the order's team can do this",
  onlyGeneralAdmin: 'Only a general admin can do this',
  conversationOnlyOnDispute:
    "A general admin reads an order's conversation only when the order has a dispute (open or resolved)",
  refundAmountRequired: 'A partial refund needs a refund amount',
  refundAmountRange: 'The refund amount must be greater than 0 and less than the order total',
  refundAmountOnlyPartial: 'Only a partial refund has a refund amount',
  revisionsLabel: (count: number) =>
    count === 0 ? 'No revisions' : count === 1 ? '1 revision' : `${count} revisions`,
  dueIn: (days: number) => `Due in ${days} ${days === 1 ? 'day' : 'days'}`,
  lateBy: (days: number) => `Late by ${days} ${days === 1 ? 'day' : 'days'}`,
} as const;
