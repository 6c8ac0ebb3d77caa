import { randomBytes } from 'node:crypto';
import { now, paypalMoneyText } from './model';
import type { PayPalStandIn } from './standin';

/**
 * How PayPal may end a dispute: `dispute_outcome.outcome_code` of the Disputes API (customer_disputes_v1.json in
 * paypal/paypal-rest-api-specifications).
 */
const DISPUTE_OUTCOMES = [
  'RESOLVED_BUYER_FAVOUR',
  'RESOLVED_SELLER_FAVOUR',
  'RESOLVED_WITH_PAYOUT',
  'CANCELED_BY_BUYER',
  'ACCEPTED',
  'DENIED',
  'NONE',
];

/** What PayPal does on its own, for tests and demos: a held capture reviewed, a reversal, a dispute. */
export function mountSimulations(pp: PayPalStandIn): void {
  const {
    router,
    json,
    captures,
    disputes,
    deliver,
    captureEvent,
    refundResource,
    disputeResource,
    authorised,
    findCapture,
  } = pp;

  // ----- What PayPal does on its own --------------------------------------------------------------------------

  // A held capture's review ends: completed (PAYMENT.CAPTURE.COMPLETED) or denied (PAYMENT.CAPTURE.DENIED).
  router.post('/paypal/simulate/captures/:id/review', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const decision = (req.body as { decision?: unknown } | undefined)?.decision;
    if (found.capture.status !== 'PENDING' || (decision !== 'complete' && decision !== 'deny')) {
      return void res
        .status(422)
        .json({ message: 'Only a PENDING capture is reviewed; decision is complete or deny.' });
    }
    found.capture.status = decision === 'complete' ? 'COMPLETED' : 'DECLINED';
    found.capture.reason = null;
    found.capture.updateTime = now();
    void captureEvent(found.order, decision === 'complete' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED');
    res.json({ id: found.capture.id, status: found.capture.status });
  });

  // PayPal reverses a capture (a chargeback): PAYMENT.CAPTURE.REVERSED with a refund-shaped resource.
  router.post('/paypal/simulate/captures/:id/reverse', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const { order, capture: c } = found;
    if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED') {
      return void res.status(422).json({ message: 'Only a completed capture is reversed.' });
    }
    const minor = c.amountMinor - c.refundedMinor;
    c.refundedMinor = c.amountMinor;
    c.status = 'REFUNDED';
    c.updateTime = now();
    const resource = refundResource(order, c, minor, { note_to_payer: 'Payment reversed' });
    void deliver(
      order.site,
      'PAYMENT.CAPTURE.REVERSED',
      'refund',
      `A ${order.currency} ${paypalMoneyText(minor, order.currency)} ${order.currency} capture payment was reversed`,
      resource,
    );
    res.json({ id: resource.id, status: 'COMPLETED' });
  });

  // The buyer opens a dispute against a capture: CUSTOMER.DISPUTE.CREATED.
  router.post('/paypal/simulate/captures/:id/dispute', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const id = `PP-D-${100_000 + randomBytes(3).readUIntBE(0, 3)}`;
    const dispute = disputes.set(id, { id, capture: found.capture, createTime: now() });
    void deliver(
      found.order.site,
      'CUSTOMER.DISPUTE.CREATED',
      'dispute',
      `A new dispute opened with Case # ${dispute.id}`,
      disputeResource(dispute, found.order, null),
    );
    res.json({ dispute_id: dispute.id, status: 'OPEN' });
  });

  // PayPal decides a dispute: CUSTOMER.DISPUTE.RESOLVED with dispute_outcome.outcome_code.
  router.post('/paypal/simulate/disputes/:id/resolve', json, (req, res) => {
    if (!authorised(req, res)) return;
    const dispute = disputes.get(String(req.params.id));
    const outcome = (req.body as { outcome?: unknown } | undefined)?.outcome;
    const order = dispute ? captures.get(dispute.capture.id) : undefined;
    if (!dispute || !order) return void res.status(404).json({ message: 'No such dispute.' });
    if (typeof outcome !== 'string' || !DISPUTE_OUTCOMES.includes(outcome)) {
      return void res.status(422).json({ message: `outcome is one of ${DISPUTE_OUTCOMES.join(', ')}.` });
    }
    void deliver(
      order.site,
      'CUSTOMER.DISPUTE.RESOLVED',
      'dispute',
      `A dispute was resolved with Case # ${dispute.id}`,
      disputeResource(dispute, order, outcome),
    );
    res.json({ dispute_id: dispute.id, status: 'RESOLVED' });
  });
}
