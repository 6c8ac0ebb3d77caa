/**
 * A stand-in for PayPal's browser SDK (https://www.paypal.com/sdk/js): `paypal.Buttons({ createOrder,
 * onApprove, onCancel, onError }).render(container)`. Its buttons approve the order at the sandbox (a good
 * card or a declined one) and call onApprove with `{ orderID }` and `actions.restart()`, as PayPal's do.
 * Served as a plain script from this site, so the pages' Content Security Policy allows it.
 */
export const PAYPAL_SANDBOX_SDK = `(function () {
  'use strict';
  var base = '/sandbox/paypal';
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  function Buttons(options) {
    var container = null;
    var busy = false;
    function run(card) {
      if (busy) return;
      busy = true;
      var orderId = null;
      Promise.resolve()
        .then(function () { return options.createOrder({}, {}); })
        .then(function (id) {
          orderId = id;
          return fetch(base + '/orders/' + encodeURIComponent(id) + '/approve', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ card: card })
          });
        })
        .then(function (res) {
          if (!res.ok) throw new Error('The sandbox could not approve the order.');
          var restarted = false;
          var actions = {
            restart: function () { restarted = true; busy = false; return Promise.resolve(); }
          };
          return Promise.resolve(options.onApprove({ orderID: orderId, payerID: 'SANDBOXPAYER' }, actions));
        })
        .catch(function (err) { if (options.onError) options.onError(err); })
        .then(function () { busy = false; });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('No container to render the buttons in.'));
        var box = el('div', { 'class': 'paypal-sandbox', 'data-testid': 'paypal-sandbox-buttons' });
        box.appendChild(el('p', { 'class': 'paypal-sandbox__banner' }, 'PayPal sandbox: no money moves.'));
        var pay = el('button', { type: 'button', 'class': 'paypal-sandbox__pay' }, 'PayPal (sandbox)');
        var declined = el('button', { type: 'button', 'class': 'paypal-sandbox__declined' }, 'Pay with a declined card (sandbox)');
        var cancel = el('button', { type: 'button', 'class': 'paypal-sandbox__cancel' }, 'Cancel (sandbox)');
        pay.addEventListener('click', function () { run('ok'); });
        declined.addEventListener('click', function () { run('declined'); });
        cancel.addEventListener('click', function () { if (options.onCancel) options.onCancel({}); });
        box.appendChild(pay);
        box.appendChild(declined);
        box.appendChild(cancel);
        container.appendChild(box);
        return Promise.resolve();
      },
      close: function () { if (container) container.textContent = ''; return Promise.resolve(); }
    };
  }
  window.paypal = { Buttons: Buttons, version: 'sandbox' };
})();
`;
