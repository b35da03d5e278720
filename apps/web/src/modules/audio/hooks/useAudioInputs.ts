import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';
import { DEFAULT_PROCESSING, type ProcessingSwitches } from '../microphone-capture';

export interface AudioInput {
  deviceId: string;
  /** Empty until the page may use the microphone: browsers hide names before permission. */
  label: string;
}

const DEVICE_KEY = 'lt.audio.input';
const PROCESSING_KEY = 'lt.audio.processing';

function readProcessing(): ProcessingSwitches {
  try {
    const kept = JSON.parse(readStorage(PROCESSING_KEY) ?? '{}') as Partial<ProcessingSwitches>;
    return {
      echoCancellation: kept.echoCancellation === true,
      noiseSuppression: kept.noiseSuppression === true,
      autoGainControl: kept.autoGainControl === true,
    };
  } catch {
    return DEFAULT_PROCESSING;
  }
}

export interface AudioInputs {
  inputs: AudioInput[];
  /** The remembered device, or null for the system default. */
  deviceId: string | null;
  setDeviceId: (deviceId: string | null) => void;
  processing: ProcessingSwitches;
  setProcessing: (processing: ProcessingSwitches) => void;
  /** Reads the list again (after permission, names appear). */
  refresh: () => void;
}

/** Every audio input the browser lists, and the one this browser picked last time (localStorage). */
export function useAudioInputs(enabled: boolean): AudioInputs {
  const [inputs, setInputs] = useState<AudioInput[]>([]);
  const [deviceId, setDevice] = useState<string | null>(() => readStorage(DEVICE_KEY) || null);
  const [processing, setProcessingState] = useState<ProcessingSwitches>(readProcessing);

  const refresh = useCallback(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    media
      .enumerateDevices()
      .then((devices) =>
        setInputs(
          devices
            .filter((device) => device.kind === 'audioinput' && device.deviceId && device.deviceId !== 'default')
            .map((device) => ({ deviceId: device.deviceId, label: device.label })),
        ),
      )
      .catch(() => setInputs([]));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    refresh();
    const media = navigator.mediaDevices;
    media?.addEventListener?.('devicechange', refresh);
    return () => media?.removeEventListener?.('devicechange', refresh);
  }, [enabled, refresh]);

  const setDeviceId = useCallback((id: string | null) => {
    setDevice(id);
    writeStorage(DEVICE_KEY, id ?? '');
  }, []);

  const setProcessing = useCallback((next: ProcessingSwitches) => {
    setProcessingState(next);
    writeStorage(PROCESSING_KEY, JSON.stringify(next));
  }, []);

  // A remembered device that is gone (unplugged) is not offered: the default is used until it returns.
  const known = deviceId && (inputs.length === 0 || inputs.some((input) => input.deviceId === deviceId)) ? deviceId : null;
  return { inputs, deviceId: known, setDeviceId, processing, setProcessing, refresh };
}
