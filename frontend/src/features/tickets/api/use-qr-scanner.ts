/**
 * The device camera as a QR reader for the door. The browser's own BarcodeDetector where it has one
 * (Chrome on Android, Safari 17+ on macOS); elsewhere (Firefox, Safari on iPhone, desktop Chrome on
 * Linux and Windows) jsQR reads the frames, loaded only then. A few frames a second are enough for a
 * ticket held up to the lens and keep a phone cool.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const SCAN_INTERVAL_MS = 200;
/** Frames are read at most this wide: a QR on a phone screen is large in the picture. */
const MAX_FRAME_WIDTH = 640;

export type ScannerState = 'off' | 'starting' | 'on' | 'error';

type Decode = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function createDecoder(): Promise<Decode> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return undefined;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data || undefined;
  };
}

/** Why the camera did not start, in words a cashier can act on. */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Нет доступа к камере. Разрешите его в настройках браузера или введите код вручную';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'Камера не найдена. Введите код билета вручную';
  }
  if (name === 'NotReadableError') return 'Камера занята другим приложением. Закройте его или введите код вручную';
  return 'Не удалось включить камеру. Введите код билета вручную';
}

/** The camera is reachable only on a secure page (HTTPS or localhost) in a browser that has it. */
export const cameraAvailable = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

export function useQrScanner(onCode: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('off');
  const [problem, setProblem] = useState('');
  const session = useRef<{ stream: MediaStream; timer?: number } | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  const stop = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (current) {
      window.clearTimeout(current.timer);
      current.stream.getTracks().forEach((track) => track.stop());
    }
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((s) => (s === 'error' ? s : 'off'));
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setProblem('');
    setState('starting');
    try {
      // The back camera of a phone; any camera elsewhere.
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      const current: { stream: MediaStream; timer?: number } = { stream };
      session.current = current;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play();
      const decode = await createDecoder();
      const tick = async () => {
        if (session.current !== current) return;
        const code = await decode(video).catch(() => undefined);
        if (session.current !== current) return;
        if (code) latest.current(code);
        current.timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      setState('on');
      void tick();
    } catch (err) {
      stop();
      setProblem(cameraProblem(err));
      setState('error');
    }
  }, [stop]);

  // The camera is released when the screen closes.
  useEffect(() => stop, [stop]);

  return { videoRef, state, problem, start, stop };
}
