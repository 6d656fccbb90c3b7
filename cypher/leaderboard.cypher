// name: leaderboard
// question: What results are reported for a dataset and metric, best value first (a small leaderboard)?
// @param dataset: {"from": "top_leaderboards", "example": "MBPP"}
// @param metric: {"from": "top_leaderboards", "example": "FID"}
// example:
//   method | value | dataset | metric | evidence | paper | paper_id
//   XDLM | 15.0 | MBPP | FID | When scaled to tune an 8B-parameter large language model, X… | In discrete generative modeling… | …
WITH toLower($dataset) AS wanted_dataset, toLower($metric) AS wanted_metric
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
WHERE r.kind = 'score'
  AND (toLower(d.name) = wanted_dataset OR wanted_dataset IN [a IN coalesce(d.aliases, []) | toLower(a)])
  AND (toLower(m.name) = wanted_metric OR wanted_metric IN [a IN coalesce(m.aliases, []) | toLower(a)])
OPTIONAL MATCH (r)-[:BY_METHOD]->(x:Method)
RETURN x.name AS method, r.value AS value, d.name AS dataset, m.name AS metric, coalesce(r.sentence_plain, r.sentence) AS evidence,
       p.caption AS paper, p.id AS paper_id
// best first: the lowest first for a measure where lower is better (FID, error, loss, perplexity, latency, …)
ORDER BY CASE WHEN toLower(metric) =~ '(.*[^a-z])?(fid|gfid|rfid|sfid|kid|fvd|lpips|errors?|loss|losses|perplexity|ppl|wer|cer|rmse|mae|mse|nll|latency|latencies|time|times|runtime|distance|regret|epe|ate|bpd|bits per (dim|byte|character)|chamfer|hausdorff|eer|fpr|ece|hd95|ade|fde)([^a-z].*)?' THEN value ELSE -value END, paper, paper_id, method
