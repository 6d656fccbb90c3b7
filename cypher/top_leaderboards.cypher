// name: top_leaderboards
// question: Which dataset and metric pairs have the most reported scores (the leaderboards to open)?
// @param limit: 20
// example:
//   dataset | metric | results | papers | best_value
//   MBPP | FID | 1 | 1 | 15.0
//   planar | Valid-Unique-Novelty | 1 | 1 | 95.0
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
WHERE r.kind = 'score'
WITH d.name AS dataset, m.name AS metric, count(r) AS results, count(DISTINCT p) AS papers, min(r.value) AS lowest, max(r.value) AS highest
// the best: the lowest for a measure where lower is better (FID, error, loss, perplexity, latency, …)
RETURN dataset, metric, results, papers, CASE WHEN toLower(metric) =~ '(.*[^a-z])?(fid|gfid|rfid|sfid|kid|fvd|lpips|errors?|loss|losses|perplexity|ppl|wer|cer|rmse|mae|mse|nll|latency|latencies|time|times|runtime|distance|regret|epe|ate|bpd|bits per (dim|byte|character)|chamfer|hausdorff|eer|fpr|ece|hd95|ade|fde)([^a-z].*)?' THEN lowest ELSE highest END AS best_value
ORDER BY results DESC, papers DESC, dataset, metric
LIMIT toInteger($limit)
