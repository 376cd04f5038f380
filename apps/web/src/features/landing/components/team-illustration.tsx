import { useEffect, useRef } from 'react';

const MEMBERS = [
  { x: 90, y: 80, color: '#d97706' },
  { x: 310, y: 80, color: '#db2777' },
  { x: 90, y: 240, color: '#0284c7' },
  { x: 310, y: 240, color: '#7c3aed' },
] as const;

/**
 * Decorative network of team members passing work along; animated in CSS (index.css, .illustration-*)
 * while it is on screen (data-playing), and still when the visitor prefers reduced motion.
 */
export function TeamIllustration() {
  const ref = useRef<SVGSVGElement>(null);

  // Off screen the animations would still cost the phone a style and paint pass on every frame.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      element.dataset.playing = 'true';
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      element.dataset.playing = String(entries.some((entry) => entry.isIntersecting));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <svg
      ref={ref}
      viewBox="0 0 400 320"
      role="img"
      aria-labelledby="team-illustration-title"
      className="team-illustration h-auto w-full max-w-md"
    >
      <title id="team-illustration-title">
        Team members connected around a shared project, passing work in real time
      </title>
      <defs>
        <linearGradient id="illustration-hub" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0%" stopColor="#6366f1" />
          <stop offset="100%" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect x="10" y="10" width="380" height="300" rx="28" fill="#eef2ff" />

      <g stroke="#a5b4fc" strokeWidth="3" strokeLinecap="round" fill="none">
        <path className="illustration-link" d="M200 160 L90 80" />
        <path className="illustration-link" d="M200 160 L310 80" />
        <path className="illustration-link" d="M200 160 L90 240" />
        <path className="illustration-link" d="M200 160 L310 240" />
      </g>

      <g fill="#10b981">
        <circle className="illustration-packet illustration-packet-1" r="6" cx="90" cy="80" />
        <circle className="illustration-packet illustration-packet-2" r="6" cx="310" cy="80" />
        <circle className="illustration-packet illustration-packet-3" r="6" cx="90" cy="240" />
        <circle className="illustration-packet illustration-packet-4" r="6" cx="310" cy="240" />
      </g>

      <g className="illustration-hub">
        <circle cx="200" cy="160" r="44" fill="url(#illustration-hub)" />
        <path
          d="M182 160 l12 12 l24 -26"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </g>

      {MEMBERS.map((member, index) => (
        <g key={index} className="illustration-member">
          <circle cx={member.x} cy={member.y} r="30" fill="#fff" stroke={member.color} strokeWidth="4" />
          <circle cx={member.x} cy={member.y - 7} r="8" fill={member.color} />
          <path d={`M${member.x - 14} ${member.y + 16} a14 12 0 0 1 28 0`} fill={member.color} />
        </g>
      ))}
    </svg>
  );
}
