/**
 * A stand-in for PayPal's browser SDK v5 (https://www.paypal.com/sdk/js; reference at
 * developer.paypal.com/sdk/js/reference): loaded by PayPal's own loader (@paypal/paypal-js `loadScript` with
 * `sdkBaseUrl` pointed here), it puts its namespace on the window (`paypal`, or the script's `data-namespace`) with
 * `Buttons({ createOrder, onApprove, onCancel, onError }).render(container)`, `isEligible()` and `close()`.
 *
 * Its buttons approve the order at the stand-in (a good funding source, a declined card, or one whose capture
 * PayPal holds for review) and call onApprove with `{ orderID, payerID }` and `actions.restart()`, as PayPal's do.
 * After restart() (a declined card), the next approval is for the same order, as in PayPal's popup: createOrder
 * is not called again. Errors thrown by createOrder or onApprove reach onError. The stand-in's route checks the
 * `client-id` query (an unknown one is answered 400 and the script does not load). Served from this site, so the
 * pages' Content Security Policy allows it. Its words follow the `locale` query as PayPal's do (the portal asks
 * for ar_EG on /ar): Arabic, laid out right to left, or English left to right whatever the page's direction.
 */
export const PAYPAL_SANDBOX_SDK = `(function () {
  'use strict';
  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  var base = script ? new URL('..', new URL(script.src, location.href)).pathname.replace(/\\/$/, '') : '/sandbox/paypal';
  var locale = script ? new URL(script.src, location.href).searchParams.get('locale') || '' : '';
  var arabic = /^ar/i.test(locale);
  var words = arabic
    ? {
        banner: 'PayPal في وضع الاختبار: لا تنتقل أي أموال.',
        pay: 'PayPal (وضع الاختبار)',
        declined: 'ادفع ببطاقة مرفوضة (وضع الاختبار)',
        review: 'ادفع، مع تعليق الدفعة للمراجعة (وضع الاختبار)',
        cancel: 'إلغاء (وضع الاختبار)'
      }
    : {
        banner: 'PayPal sandbox: no money moves.',
        pay: 'PayPal (sandbox)',
        declined: 'Pay with a declined card (sandbox)',
        review: 'Pay, held for review (sandbox)',
        cancel: 'Cancel (sandbox)'
      };
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  function Buttons(options) {
    options = options || {};
    var container = null;
    var busy = false;
    var restartOrder = null;
    function fail(err) {
      if (options.onError) options.onError(err instanceof Error ? err : new Error(String(err)));
    }
    function run(card) {
      if (busy) return;
      busy = true;
      var orderId = restartOrder;
      restartOrder = null;
      Promise.resolve()
        .then(function () { return orderId || options.createOrder({ paymentSource: 'paypal' }, {}); })
        .then(function (id) {
          if (typeof id !== 'string' || !id) throw new Error('Expected an order id to be passed');
          orderId = id;
          return fetch(base + '/orders/' + encodeURIComponent(id) + '/approve', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ card: card })
          });
        })
        .then(function (res) {
          if (!res.ok) throw new Error('The sandbox could not approve the order.');
          var actions = {
            restart: function () { restartOrder = orderId; return Promise.resolve(); }
          };
          return options.onApprove
            ? options.onApprove({ orderID: orderId, payerID: 'SANDBOXBUYER01', paymentSource: 'paypal' }, actions)
            : undefined;
        })
        .catch(fail)
        .then(function () { busy = false; });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        // Its own language and direction, as PayPal's iframe has: the full stop ends each sentence where it should.
        var box = el('div', {
          'class': 'paypal-sandbox',
          'data-testid': 'paypal-sandbox-buttons',
          lang: arabic ? 'ar' : 'en',
          dir: arabic ? 'rtl' : 'ltr'
        });
        box.appendChild(el('p', { 'class': 'paypal-sandbox__banner' }, words.banner));
        var pay = el('button', { type: 'button', 'class': 'paypal-sandbox__pay' }, words.pay);
        var declined = el('button', { type: 'button', 'class': 'paypal-sandbox__declined' }, words.declined);
        var review = el('button', { type: 'button', 'class': 'paypal-sandbox__review' }, words.review);
        var cancel = el('button', { type: 'button', 'class': 'paypal-sandbox__cancel' }, words.cancel);
        pay.addEventListener('click', function () { run('good'); });
        declined.addEventListener('click', function () { run('declined'); });
        review.addEventListener('click', function () { run('review'); });
        cancel.addEventListener('click', function () {
          if (options.onCancel) options.onCancel({ orderID: restartOrder });
        });
        box.appendChild(pay);
        box.appendChild(declined);
        box.appendChild(review);
        box.appendChild(cancel);
        container.appendChild(box);
        return Promise.resolve();
      },
      close: function () { if (container) container.textContent = ''; return Promise.resolve(); }
    };
  }
  window[namespace] = { Buttons: Buttons, version: '5-sandbox' };
})();
`;
