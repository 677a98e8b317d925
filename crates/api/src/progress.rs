//! Where a running count is: the count crate reports events ([`Progress`]: a stage begins, a
//! layer of the frontier program is done, fillings are found, cubes are done), and
//! [`CountProgress`] folds them into one state that every front end renders: the CLI's bars,
//! the web API's progress lines (its JSON is this struct's), the batch workers' events, and
//! the api's own record of a count stopped from outside.

use pathsat_bigcount::BigCount;
pub use pathsat_count::{LayerProgress, Progress, Stage};
use serde::Serialize;

/// The state of a running count, after the events heard so far. The figures are the current
/// stage's (a new stage starts from nothing), except [`CountProgress::most_found`].
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct CountProgress {
    /// The stage the count is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<Stage>,
    /// Fillings found so far in this stage (enumeration and cubes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<BigCount>,
    /// The frontier program's layer done, of `layers`, and its states and their bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layer: Option<usize>,
    /// Layers in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers: Option<usize>,
    /// States in the table after the layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states: Option<u64>,
    /// Bytes the table takes.
    #[serde(skip)]
    pub bytes: Option<u64>,
    /// Bytes the table files take (`--spill-dir`).
    #[serde(skip)]
    pub disk_bytes: Option<u64>,
    /// The frontier program's estimate of the seconds it has left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_seconds: Option<f64>,
    /// Cubes done, of `total`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub done: Option<usize>,
    /// Cubes in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<usize>,
    /// The most fillings any stage has reported (a probe's and a later stage's counts each
    /// start from zero): what a count stopped from outside has found at least.
    #[serde(skip)]
    pub most_found: BigCount,
}

impl CountProgress {
    /// Takes one event; returns whether it began a new stage.
    pub fn hear(&mut self, progress: Progress) -> bool {
        match progress {
            Progress::Stage(stage) => {
                let most_found = std::mem::take(&mut self.most_found);
                *self = CountProgress {
                    stage: Some(stage),
                    most_found,
                    ..CountProgress::default()
                };
                return true;
            }
            Progress::Layer(layer) => {
                self.layer = Some(layer.layer);
                self.layers = Some(layer.layers);
                self.states = Some(layer.states);
                self.bytes = Some(layer.bytes);
                self.disk_bytes = Some(layer.disk_bytes);
                self.left_seconds = layer.left_ms.map(|ms| ms as f64 / 1000.0);
            }
            Progress::Walk(walk) => {
                self.layer = Some(walk.walked);
                self.layers = Some(walk.layers);
                self.bytes = Some(walk.bytes);
                self.disk_bytes = Some(walk.disk_bytes);
            }
            Progress::Found(found) => self.found(BigCount::from(found)),
            // A one-off notice for the front ends to word; the layers show the files' bytes.
            Progress::Spill(_) => {}
            Progress::Cubes { done, total, found } => {
                self.done = Some(done);
                self.total = Some(total);
                self.found(found);
            }
        }
        false
    }

    fn found(&mut self, found: BigCount) {
        if found > self.most_found {
            self.most_found = found.clone();
        }
        self.found = Some(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_fold_into_the_current_stage_and_the_most_found() {
        let mut p = CountProgress::default();
        assert!(p.hear(Progress::Stage(Stage::Probe)));
        assert!(!p.hear(Progress::Found(7)));
        assert!(p.hear(Progress::Stage(Stage::Cubes)));
        assert_eq!(p.found, None);
        p.hear(Progress::Cubes {
            done: 2,
            total: 8,
            found: BigCount::from(3u64),
        });
        assert_eq!((p.done, p.total), (Some(2), Some(8)));
        assert_eq!(p.most_found, BigCount::from(7u64));
        assert_eq!(
            serde_json::to_value(&p).unwrap(),
            serde_json::json!({"stage": "cubes", "found": 3, "done": 2, "total": 8})
        );
        p.hear(Progress::Stage(Stage::Frontier));
        p.hear(Progress::Layer(LayerProgress {
            layer: 3,
            layers: 10,
            states: 40,
            bytes: 640,
            disk_bytes: 0,
            left_ms: Some(2500),
        }));
        assert_eq!(
            serde_json::to_value(&p).unwrap(),
            serde_json::json!({"stage": "frontier", "layer": 3, "layers": 10, "states": 40, "left-seconds": 2.5})
        );
    }
}
