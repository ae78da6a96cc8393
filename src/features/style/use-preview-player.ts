import { useEffect, useRef, useState } from 'react';

/**
 * The style preview's time and its song audio: `seek(t, duration)` clamps to the song,
 * `togglePlay` plays from the preview's time, and while the audio plays the time follows it every
 * animation frame. `audioDuration` is the audio's length once its metadata is read.
 */
export function usePreviewPlayer() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [audioDuration, setAudioDuration] = useState(0);

  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) setTime(audio.currentTime);
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing]);

  const seek = (t: number, duration: number) => {
    const next = Math.max(0, Math.min(duration, t));
    setTime(next);
    if (audioRef.current) audioRef.current.currentTime = next;
  };
  const togglePlay = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      audio.currentTime = time;
      void audio.play().catch(() => setPlaying(false));
    } else audio.pause();
  };
  /** Props of the `<audio>` element. */
  const audioProps = {
    ref: audioRef,
    onLoadedMetadata: (e: { currentTarget: HTMLAudioElement }) =>
      setAudioDuration(e.currentTarget.duration || 0),
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
  };
  return { time, setTime, playing, audioDuration, seek, togglePlay, audioProps };
}
