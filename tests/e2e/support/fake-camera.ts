/**
 * A camera for Chromium that films a QR code: a Y4M video (the format of Chromium's
 * --use-file-for-fake-video-capture) showing the code in black on white, as a ticket held up to
 * the door's phone would look. Chromium opens the file when a page starts the camera, so it can be
 * written after the browser started.
 */
import fs from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Modules of white around the code, as the QR standard asks. */
const QUIET = 4;

/** The flags that make Chromium's camera play `file` and allow pages to use it without asking. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

/** Writes a few frames of `text` as a QR code (4:2:0, grey: chroma planes neutral). */
export function writeQrVideo(file: string, text: string) {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.8) / (size + 2 * QUIET));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + row * scale + y) * WIDTH + left + col * scale,
          (top + row * scale + y) * WIDTH + left + (col + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}
