import type { ReactNode } from 'react';
import { useLocale } from '../../../i18n/LocaleProvider';

/*
 * The landing page's pictures of the TV app, drawn here rather than loaded as files so that their words are
 * messages, in the page's language (lang/*.json, ids landing.art.*). The pictures keep the TV app's layout, left to
 * right, in every language: they show the app, not the page.
 */

export interface ArtProps {
  /** What the picture shows, for people who cannot see it; none for a decoration. */
  label?: string;
  className?: string;
}

/** A picture of the TV app: an SVG that scales to its box, named by its label (or hidden when it has none). */
export function Artwork({ viewBox, label, className, children }: ArtProps & { viewBox: string; children: ReactNode }) {
  const [, , width, height] = viewBox.split(' ');
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={width}
      height={height}
      className={className ? `artwork ${className}` : 'artwork'}
      direction="ltr"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {children}
    </svg>
  );
}

type Anchor = 'start' | 'middle' | 'end';

/** The anchor that keeps a right-to-left word where a left-to-right one was: its left end stays put. */
const MIRRORED: Record<Anchor, Anchor> = { start: 'end', middle: 'middle', end: 'start' };

interface ArtTextProps {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: number;
  /** Where x is, as for the English word: its start (left end), middle or end. */
  anchor?: Anchor;
  /** Written in capitals where the language has them (an English label); never in Arabic. */
  caps?: boolean;
  /** Letter spacing of a label in capitals; none in Arabic, whose letters join. */
  spacing?: number;
  /** Not a word of ours (a channel's name, a rating, a time code): left to right in every language. */
  ltr?: boolean;
  /**
   * Where the room for a start-anchored word ends on the right (an icon after it): a right-to-left word, maybe
   * longer than the English, ends there and grows to the left, as it would in a right-to-left app.
   */
  until?: number;
  children: ReactNode;
}

/**
 * A word on a picture. In a right-to-left language it reads right to left, anchored so that it takes the English
 * word's place: a word that started at x now ends there on the left, and goes on to the right as the English did.
 */
export function ArtText({
  x,
  y,
  size,
  fill,
  weight,
  anchor = 'start',
  caps,
  spacing,
  ltr,
  until,
  children,
}: ArtTextProps) {
  const { dir, locale } = useLocale();
  const rtl = dir === 'rtl' && !ltr;
  const words = caps && typeof children === 'string' ? children.toLocaleUpperCase(locale) : children;
  const rightAligned = rtl && until !== undefined && anchor === 'start';
  return (
    <text
      x={rightAligned ? until : x}
      y={y}
      fontSize={size}
      fill={fill}
      fontWeight={weight}
      direction={rtl ? 'rtl' : 'ltr'}
      textAnchor={rightAligned ? 'start' : rtl ? MIRRORED[anchor] : anchor}
      letterSpacing={dir === 'rtl' && !ltr ? undefined : spacing}
    >
      {words}
    </text>
  );
}
