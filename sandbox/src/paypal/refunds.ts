import { now, paypalMoneyText, paypalValue, VALUE_ISSUES } from './model';
import type { PayPalStandIn } from './standin';

/** Payments v2: refunds of a capture. */
export function mountRefunds(pp: PayPalStandIn): void {
  const { router, json, captures, shaped, deliver, later, refundResource, authorised, paypalError, idempotent } = pp;

  // ----- Payments v2: refunds ---------------------------------------------------------------------------------

  router.post('/paypal/v2/payments/captures/:id/refund', json, (req, res) => {
    if (!authorised(req, res)) return;
    const id = String(req.params.id);
    idempotent(req, res, `refund:${id}`, () => {
      const order = captures.get(id);
      const c = order?.capture;
      if (!order || !c) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
      }
      const body = (req.body ?? {}) as {
        amount?: { value?: unknown; currency_code?: unknown };
        custom_id?: unknown;
        invoice_id?: unknown;
        note_to_payer?: unknown;
      };
      if (c.status === 'PENDING') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'PENDING_CAPTURE',
          'Cannot initiate a refund as the capture is pending.',
        );
      }
      if (c.status === 'REFUNDED' || c.refundedMinor >= c.amountMinor) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded',
        );
      }
      if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED') {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
      }
      const remaining = c.amountMinor - c.refundedMinor;
      let minor = remaining;
      if (body.amount !== undefined) {
        if (body.amount?.currency_code !== order.currency) {
          return paypalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_CAPTURE_CURRENCY_MISMATCH',
            'Refund must be in the same currency as the capture',
          );
        }
        const asked = paypalValue(body.amount.value, order.currency);
        if (typeof asked !== 'number') {
          return paypalError(422, 'UNPROCESSABLE_ENTITY', asked, VALUE_ISSUES[asked]);
        }
        minor = asked;
        if (minor > remaining) {
          return paypalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        }
      }
      c.refundedMinor += minor;
      c.status = c.refundedMinor >= c.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updateTime = now();
      const extra = {
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id.slice(0, 127) } : {}),
        ...(typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id.slice(0, 127) } : {}),
        ...(typeof body.note_to_payer === 'string' ? { note_to_payer: body.note_to_payer.slice(0, 255) } : {}),
      };
      const refund = refundResource(order, c, minor, extra);
      const summary = `A ${order.currency} ${paypalMoneyText(minor, order.currency)} ${order.currency} capture payment was refunded`;
      return {
        status: 201,
        body: shaped(req, refund),
        after: () => later(() => deliver(order.site, 'PAYMENT.CAPTURE.REFUNDED', 'refund', summary, refund)),
      };
    });
  });
}
