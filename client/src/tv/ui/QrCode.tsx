import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/** A QR code of a link, drawn as SVG by the qrcode library (loaded with the screen that shows one). */
export function QrCode({ text }: { text: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void qrSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((markup) => {
      if (live) setSvg(markup);
    });
    return () => {
      live = false;
    };
  }, [text]);
  // The markup is the library's own drawing of our link, never text from elsewhere.
  return <div className="tv-qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
