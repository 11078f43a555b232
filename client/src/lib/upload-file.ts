// Sends one file to the server's upload routes with XMLHttpRequest, which (unlike fetch) reports
// the real bytes sent while the body goes out. Same origin, session cookie included.
import { useUploadTexts } from './upload-texts';

/** The fallback texts in the interface language at the time they are needed. */
const fallbacks = () => useUploadTexts.get();

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (the file plus the multipart framing). */
  total: number;
}

export interface UploadedFile {
  filePath: string;
  fileName: string;
  fileSize: number;
  duration: number | null;
  mimeType: string;
  /** What the server measured of the audio (see AudioAnalysisState); absent on older servers. */
  analysis?: 'none' | 'ready' | 'failed';
  /** WAVEFORM_PEAKS values 0..255 when analysis is 'ready'. */
  waveform?: number[] | null;
  loudnessLufs?: number | null;
  peakDbfs?: number | null;
}

/** An upload the server refused (or that never reached it), with the server's message. */
export class UploadError extends Error {
  readonly status: number;
  /** Why, when the server says it in a word the app can act on (e.g. 'EMAIL_UNVERIFIED'). */
  readonly reason: string | undefined;
  /** Seconds the server asks to wait before trying again (its Retry-After), when it says so. */
  readonly retryAfter: number | undefined;
  constructor(message: string, status: number, reason?: string, retryAfter?: number) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.reason = reason;
    this.retryAfter = retryAfter;
  }
}

/** What the visitor reads when the server gives no message of its own. */
function fallbackUploadMessage(status: number): string {
  const texts = fallbacks();
  switch (status) {
    case 0:
      return texts.network;
    case 401:
      return texts.sessionEnded;
    case 403:
      return texts.forbidden;
    case 413:
      return texts.tooLarge;
    case 415:
      return texts.unsupported;
    default:
      return texts.failed(status);
  }
}

/** The refusal in the server's JSON answer: its message (else a fallback), its reason and its Retry-After. */
function refusalOf(xhr: XMLHttpRequest): UploadError {
  const wait = Number(xhr.getResponseHeader('Retry-After') ?? Number.NaN);
  const retryAfter = Number.isFinite(wait) && wait >= 0 ? wait : undefined;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object') {
      const { message, error, reason } = body as { message?: unknown; error?: unknown; reason?: unknown };
      const why = typeof reason === 'string' && reason ? reason : undefined;
      if (typeof message === 'string' && message) return new UploadError(message, xhr.status, why, retryAfter);
      if (typeof error === 'string' && error) return new UploadError(error, xhr.status, why, retryAfter);
    }
  } catch {
    // Not JSON (a proxy's error page): fall back below.
  }
  return new UploadError(fallbackUploadMessage(xhr.status), xhr.status);
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POSTs `file` as multipart/form-data (one field, 'file') to `url` and resolves with the JSON
 * answer; rejects with an UploadError carrying the server's message (413, 415, 401, ...).
 */
function uploadFile<T = UploadedFile>(url: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new UploadError(fallbacks().unexpected, xhr.status));
        }
        return;
      }
      reject(refusalOf(xhr));
    };
    xhr.onerror = () => reject(new UploadError(fallbackUploadMessage(0), 0));
    xhr.onabort = () => reject(new UploadError(fallbacks().cancelled, 0));
    if (signal) {
      if (signal.aborted) {
        reject(new UploadError(fallbacks().cancelled, 0));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export type AudioUploadVariant = 'upload' | 'quick';

export function uploadAudio(file: File, variant: AudioUploadVariant, options?: UploadOptions): Promise<UploadedFile> {
  return uploadFile<UploadedFile>(`/api/uploads/audio?variant=${variant}`, file, options);
}

export function uploadCover(file: File, options?: UploadOptions): Promise<UploadedFile> {
  return uploadFile<UploadedFile>('/api/uploads/cover', file, options);
}
