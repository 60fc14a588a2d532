/** Small pieces every page shows: entity links, platform logos, tag and term chips. */
import { Link } from '@tanstack/react-router';
import type { Label, Summary } from '../entity/summary';

export function EntityLink({ urn, children }: { urn: string; children: React.ReactNode }) {
  return (
    <Link to="/entity/$urn" params={{ urn }}>
      {children}
    </Link>
  );
}

export function PlatformIcon({ platform }: { platform: Summary['platform'] }) {
  if (!platform) return null;
  // Logos are often on the web; offline, the platform's initial stands in.
  return (
    <span className="platform-icon" title={platform.name} aria-hidden>
      {platform.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function Chip({
  label,
  kind,
  onRemove,
  removeLabel,
}: {
  label: Label;
  kind: 'tag' | 'term' | 'owner' | 'domain';
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
}) {
  return (
    <span className={`chip ${kind}`}>
      {kind === 'tag' && <span className="dot" style={{ background: label.color || '#8a94a6' }} aria-hidden />}
      <Link to="/entity/$urn" params={{ urn: label.urn }}>
        {label.name}
      </Link>
      {onRemove && (
        <button type="button" className="remove" aria-label={removeLabel ?? `Remove ${label.name}`} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}

export function Chips({ labels, kind }: { labels: Label[]; kind: 'tag' | 'term' | 'owner' | 'domain' }) {
  if (labels.length === 0) return null;
  return (
    <span className="chips">
      {labels.map((l) => (
        <Chip key={l.urn} label={l} kind={kind} />
      ))}
    </span>
  );
}
