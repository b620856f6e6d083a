import type { GuidedPhotoView } from '@cardirect/contracts';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Line drawings of where to stand for each guided photo; decorative, the view's label says it in words. */
const sketches: Record<GuidedPhotoView, React.ReactNode> = {
  'front-three-quarter': (
    <g {...stroke}>
      <path d="M14 62 L20 44 L40 32 L78 30 L100 44 L108 62 Z" />
      <path d="M40 32 L48 44 L100 44" />
      <path d="M14 62 L32 66 L108 62" />
      <circle cx="34" cy="66" r="8" />
      <circle cx="92" cy="64" r="8" />
      <path d="M18 52 L28 54" />
    </g>
  ),
  'rear-three-quarter': (
    <g {...stroke}>
      <path d="M12 62 L20 44 L42 30 L80 32 L100 44 L106 62 Z" />
      <path d="M20 44 L72 44 L80 32" />
      <path d="M12 62 L88 66 L106 62" />
      <circle cx="28" cy="64" r="8" />
      <circle cx="86" cy="66" r="8" />
      <path d="M92 52 L102 50" />
    </g>
  ),
  'interior-front': (
    <g {...stroke}>
      <path d="M8 30 Q60 14 112 30" />
      <circle cx="40" cy="50" r="16" />
      <circle cx="40" cy="50" r="4" />
      <path d="M64 40 L104 40 L104 56 L64 56 Z" />
      <path d="M8 74 L112 74" />
    </g>
  ),
  odometer: (
    <g {...stroke}>
      <path d="M20 62 A40 40 0 0 1 100 62" />
      <path d="M60 62 L82 40" />
      <path d="M40 68 L80 68 L80 78 L40 78 Z" />
      <path d="M28 44 L33 48 M60 26 L60 32 M92 44 L87 48" />
    </g>
  ),
};

export function ViewSketch({ view }: { view: GuidedPhotoView }) {
  return (
    <svg viewBox="0 0 120 84" aria-hidden="true" focusable="false" className="h-16 w-24 shrink-0 text-slate-500">
      {sketches[view]}
    </svg>
  );
}
