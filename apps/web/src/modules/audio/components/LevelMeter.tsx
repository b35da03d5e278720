import { useSyncExternalStore } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';
import { levelDb, levelPercent, type LevelStore } from '../level-store';

/** The input level, as a meter a screen reader reads (value and dB text), with a bar and its figure on screen. */
export function LevelMeter({ levels, active }: { levels: LevelStore; active: boolean }) {
  const t = useRoomT();
  const level = useSyncExternalStore(levels.subscribe, levels.get, levels.get);
  const percent = active ? levelPercent(level.rms) : 0;
  const peak = active ? levelPercent(level.peak) : 0;
  const db = levelDb(active ? level.rms : 0);
  const zone = percent > 90 ? 'hot' : percent > 25 ? 'good' : 'low';
  return (
    <div className="level-field">
      <span className="level-label" id="audio-level-label">
        {t('audio.level')}
      </span>
      <div
        className="level-meter"
        role="meter"
        aria-labelledby="audio-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={active ? t('audio.levelText', { db }) : t('audio.levelIdle')}
        data-testid="level-meter"
        data-zone={zone}
      >
        <span className={`level-bar level-${zone}`} style={{ width: `${percent}%` }} />
        <span className="level-peak" style={{ left: `${peak}%` }} aria-hidden="true" />
      </div>
      <span className="level-figure" aria-hidden="true">
        {active ? t('audio.levelText', { db }) : '—'}
      </span>
    </div>
  );
}
