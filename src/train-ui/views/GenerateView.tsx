/**
 * "Generate text" (docs/attention.md, *Generating text*): the run's model, with its current
 * weights, continues a prompt one character at a time (model/sample.ts), greedily or drawn at
 * a temperature with a seed, so the same settings give the same text. Shown for a model trained
 * on a sequence of characters. The text is kept for the attention card (generatedWindow.ts).
 */
import { useState } from 'react';
import { encodeText } from '../../data/vocabulary';
import { sampleText, sequenceShape } from '../../model/sample';
import { useSessionSerial } from '../session/TrainSessionContext';
import { keepGenerated } from './generatedWindow';
import type { Learnt } from './useLearnt';

const MAX_LENGTH = 1000;

interface Written {
  readonly text: string | null;
  readonly problem: string | null;
}

export function GenerateView({ learnt }: { learnt: Learnt }) {
  const [prompt, setPrompt] = useState('');
  const [length, setLength] = useState(40);
  const [greedy, setGreedy] = useState(true);
  const [temperature, setTemperature] = useState(0.8);
  const [seed, setSeed] = useState(1);
  const [written, setWritten] = useState<Written>({ text: null, problem: null });
  const model = learnt.model;
  const serial = useSessionSerial();
  const generate = () => {
    if (!model) return;
    try {
      const text = sampleText(model, { prompt, length, temperature: greedy ? 0 : temperature, seed });
      setWritten({ text, problem: null });
      const shape = sequenceShape(model);
      // the attention card shows this text's attention (docs/attention.md)
      if (typeof shape !== 'string') keepGenerated(serial, Array.from(encodeText(shape.vocabulary, prompt + text)));
    } catch (e) {
      setWritten({ text: null, problem: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <form
      className="generate-view"
      onSubmit={(e) => {
        e.preventDefault();
        generate();
      }}
    >
      <label>
        Prompt <input type="text" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      </label>
      <label>
        Length{' '}
        <input
          type="number"
          min={1}
          max={MAX_LENGTH}
          value={length}
          onChange={(e) => setLength(Math.max(1, Math.min(MAX_LENGTH, Math.round(e.target.valueAsNumber) || 1)))}
        />
      </label>
      <fieldset>
        <legend>Choose each character</legend>
        <label>
          <input type="radio" name="generate-mode" checked={greedy} onChange={() => setGreedy(true)} /> greedy (the most
          likely)
        </label>
        <label>
          <input type="radio" name="generate-mode" checked={!greedy} onChange={() => setGreedy(false)} /> drawn at
          temperature{' '}
          <input
            type="number"
            aria-label="Temperature"
            min={0.05}
            max={5}
            step={0.05}
            value={temperature}
            disabled={greedy}
            onChange={(e) => setTemperature(Math.max(0.05, e.target.valueAsNumber || 0.05))}
          />
        </label>
      </fieldset>
      <label>
        Seed{' '}
        <input
          type="number"
          min={0}
          value={seed}
          onChange={(e) => setSeed(Math.max(0, Math.round(e.target.valueAsNumber) || 0))}
        />
      </label>
      <button type="submit" disabled={!model}>
        Generate text
      </button>
      {written.problem ? <p role="alert">{written.problem}</p> : null}
      {written.text !== null ? (
        <p className="generate-output">
          <span className="generate-prompt">{prompt}</span>
          <output aria-label="Generated text">{written.text}</output>
        </p>
      ) : null}
    </form>
  );
}
