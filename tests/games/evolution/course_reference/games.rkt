#lang racket/base
;; Play whole games with the course's reference dealer and its own players (mfelleisen/Evolution dealer.rkt and
;; player-external.rkt, fetched apart, never committed) on decks that evo-lab chooses: reads a JSON list of
;; games [{"players": N, "deck": [[food, trait], ...]}, ...] on stdin, prints a JSON list of results, one per
;; game: [[id, score], ...] as the reference's run-game ranks them (ids "0#1", "1#2", ... as xmain names them).
;;
;;   racket games.rkt REFERENCE-DIR < games.json
(require json racket/list racket/class)

(define ref (vector-ref (current-command-line-arguments) 0))
(define (from file name) (dynamic-require (build-path ref file) name))
(define create-dealer (from "dealer.rkt" 'create-dealer))
(define create-external (from "player-external.rkt" 'create-external))
(define json->card (from (build-path "Xternal" "cards.rkt") 'json->card))

(define (play-one g)
  (define n (hash-ref g 'players))
  (define deck (map json->card (hash-ref g 'deck)))
  (define players (for/list ([i (in-range n)]) (list (number->string i) (create-external))))
  (define dealer (create-dealer players deck))
  (for/list ([r (send dealer run-game)])
    (list (second r) (third r))))

(write-json (map play-one (read-json)))
(newline)
